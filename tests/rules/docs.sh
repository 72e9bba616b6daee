#!/bin/sh
# shellcheck disable=SC2016 # the awk program is single-quoted on purpose
# docs.sh - every rule doc has the headings --explain and SARIF's help
# promise, and every rule with a check has a doc.
#
# usage: tests/rules/docs.sh SOURCE_DIR
#
# rules/CLnnnn.md must start with the title line "# CLnnnn name" (the ID
# and name of rules/rules.def) and hold these headings, in this order,
# outside code blocks; they are the ones every doc had when the check was
# written:
#
#     ## What it does
#     ## Why is this bad?
#     ## Example
#     ## How to fix
#     ## References
#
# Other headings may come between them (## Options, ## Suppressing).
# A rule whose findings carry a fix (--fix, docs/fixes.md) says what it
# does, and whether it is safe or unsafe, under "## Fix", which when
# present comes after "## How to fix" and before "## References".
# A rule of rules.def without a doc fails, CL0001 (reported by src/, not
# by a check) included: --explain prints the doc, and SARIF's helpUri
# points at it. Prints one "FAIL file: ..." line per problem; exit status 0
# when there is none, 1 otherwise, 2 on usage error.
set -u
[ $# -eq 1 ] || {
	echo "usage: $0 SOURCE_DIR" >&2
	exit 2
}
rules=$1/rules
[ -f "$rules/rules.def" ] || {
	echo "$0: $rules/rules.def: no such file" >&2
	exit 2
}
export LC_ALL=C

required='What it does
Why is this bad?
Example
How to fix
References'

# "ID name" of every rule, and the IDs of those with a check function.
table=$(sed -n 's/^RULE\(_WITHOUT_CHECK\)\{0,1\}(\(CL[0-9]*\), *"\([^"]*\)".*/\2 \3/p' "$rules/rules.def")
ids=$(sed -n 's/^RULE\(_WITHOUT_CHECK\)\{0,1\}(\(CL[0-9]*\),.*/\2/p' "$rules/rules.def")

# Reads a doc; prints a problem per line. Headings inside ``` blocks are
# code (#include), not headings.
awk_doc='
BEGIN {
	n = split(ENVIRON["REQUIRED"], want, "\n")
	next_want = 1
}
/^```/ { fence = !fence; next }
fence { next }
FNR == 1 {
	if ($0 != ENVIRON["TITLE"])
		printf "first line is \"%s\", expected \"%s\"\n", $0, ENVIRON["TITLE"]
	next
}
/^## / {
	h = substr($0, 4)
	if (h == "Fix") {
		if (fix_seen++)
			printf "heading \"## Fix\" twice\n"
		else if (next_want <= 4 || next_want > 5)
			printf "heading \"## Fix\" not between \"## How to fix\" and \"## References\"\n"
	}
	for (i = 1; i <= n; i++)
		if (h == want[i]) {
			if (seen[i]++)
				printf "heading \"## %s\" twice\n", h
			else if (i < next_want)
				printf "heading \"## %s\" after \"## %s\"\n", h, want[next_want - 1]
			else
				next_want = i + 1
		}
}
END {
	for (i = 1; i <= n; i++)
		if (!seen[i])
			printf "no heading \"## %s\"\n", want[i]
}'

failed=0
fail() {
	echo "FAIL $1: $2"
	failed=1
}

for doc in "$rules"/CL*.md; do
	[ -f "$doc" ] || continue
	id=$(basename "$doc" .md)
	name=$(printf '%s\n' "$table" | sed -n "s/^$id //p")
	if [ -z "$name" ]; then
		fail "$doc" "$id is not a rule of rules/rules.def"
		continue
	fi
	problems=$(TITLE="# $id $name" REQUIRED=$required awk "$awk_doc" "$doc")
	[ -z "$problems" ] || {
		printf '%s\n' "$problems" | while IFS= read -r p; do echo "FAIL $doc: $p"; done
		failed=1
	}
done

for id in $ids; do
	[ -f "$rules/$id.md" ] || fail "$rules/$id.md" "missing: every rule has a doc (SARIF's helpUri points at it)"
done

[ "$failed" -eq 0 ] && echo "rule docs: all have the required headings"
exit "$failed"
