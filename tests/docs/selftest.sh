#!/bin/sh
# docs.commands-selftest: tests/docs/commands.js fails, naming each, on a
# command no entry lists, an entry no doc shows, a wrong exit status, and
# output other than the doc shows (whole, or in a comment excerpt); and
# passes what matches, `...` included, running a block shown again once.
# On a small made-up tree.
#
# usage: tests/docs/selftest.sh CUDALINT SOURCE_DIR
NAME=docs-selftest
. "$(dirname "$0")/../lib/args.sh"
t=$tmp/tree
mkdir -p "$t/docs" "$t/tests/docs"
cat >"$t/README.md" <<'MD'
```
$ printf 'a\nb\nc\n'
a
...
c
$ echo one
two
```

```sh
echo listed; echo x >f   # a comment
cat f
# x
false
echo new
printf 'p q r\n'
# q ... nothing
```

```sh
echo listed; echo x >f   # shown again: not run again
```
MD
cat >"$t/docs/page.md" <<'MD'
```text
$ echo not a command
```
MD
cat >"$t/tests/docs/commands.txt" <<'TXT'
place here
true
end
$ printf 'a\nb\nc\n'
exit 0 in here
$ echo one
exit 0 in here
$ echo listed; echo x >f
exit 0 in here
$ cat f
exit 0 in here
$ false
exit 0 in here
$ printf 'p q r\n'
exit 0 in here
$ echo gone
skip: no doc shows it
TXT
cd "$t" && node "$src/tests/docs/commands.js" "$cl" "$t" >"$tmp/out" 2>&1
rc=$?
[ "$rc" = 1 ] || fail "exit $rc, expected 1"
grep '^FAIL' "$tmp/out" | sed 's/, .*//' >"$tmp/fails"
cat >"$tmp/want" <<'W'
FAIL: README.md:6: echo one: the output is not what the doc shows:
FAIL: README.md:15: a command tests/docs/commands.txt does not list; add it as
FAIL: README.md:14: false: exits 1
FAIL: README.md:16: printf 'p q r\n': the output is not what the doc shows:
FAIL: tests/docs/commands.txt:16: 'echo gone': no doc shows this command any more; remove the entry
W
diff "$tmp/want" "$tmp/fails" >&2 || fail "not the failures expected; the output:"
cat >"$tmp/want" <<'W'
ok: README.md:2: printf 'a\nb\nc\n': exit 0, output as shown
ok: README.md:11: echo listed; echo x >f: exit 0
ok: README.md:12: cat f: exit 0, output as shown
ok: README.md:21: echo listed; echo x >f: as at README.md:11
W
grep '^ok' "$tmp/out" | diff "$tmp/want" - >&2 || fail "not the passes expected"
[ "$failed" = 0 ] || cat "$tmp/out" >&2
[ "$failed" = 0 ] && echo "ok: docs.commands reports each mismatch and passes the rest"
exit "$failed"
