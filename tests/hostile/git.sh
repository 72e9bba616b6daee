#!/bin/sh
# A hostile repository: cudalint runs git check-ignore in every work tree
# a directory search meets (src/driver/gitignore.c), and a pull request's
# .git/config must not make that git run a command or reach the network
# (src/util/git.c). Each repository here is a partial clone, as an
# attacker would make one: the committed .gitignore is marked
# skip-worktree and its blob deleted, so that git, reading the
# .gitignore from the index, fetches it lazily from the promisor remote,
# through a transport the configuration names and a command it runs. Each
# case first checks that plain git does run the command (else the case
# proves nothing and is skipped), then that cudalint's git does not.
#
#   sh tests/hostile/git.sh CUDALINT
. "$(dirname "$0")/lib.sh"
if ! command -v git >/dev/null 2>&1; then
	echo "SKIP: no git"
	exit 77
fi
# the user's own git configuration is not this test's: a HOME of its own
export HOME="$T/home" XDG_CONFIG_HOME="$T/home/.config"
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_CONFIG_PARAMETERS GIT_CONFIG_COUNT
mkdir -p "$HOME"

# evil NAME: a script that leaves the marker file NAME.ran and fails
evil() {
	printf '#!/bin/sh\ntouch "%s/%s.ran"\nexit 1\n' "$T" "$1" >"$T/$1.sh"
	chmod +x "$T/$1.sh"
}

# partial REPO: a work tree whose .gitignore (build/) git must fetch
partial() {
	mkdir -p "$1/build" "$1/src"
	cp kernel.cu "$1/src/k.cu"
	cp kernel.cu "$1/build/gen.cu"
	printf 'build/\n' >"$1/.gitignore"
	git -C "$1" init -q
	git -C "$1" add .gitignore src/k.cu
	git -C "$1" -c user.name=t -c user.email=t@t commit -qm init
	blob=$(git -C "$1" rev-parse HEAD:.gitignore)
	git -C "$1" update-index --skip-worktree .gitignore
	rm "$1/.gitignore" "$1/.git/objects/$(echo "$blob" | cut -c1-2)/$(echo "$blob" | cut -c3-)"
	git -C "$1" config core.repositoryformatversion 1
	git -C "$1" config extensions.partialClone origin
	git -C "$1" config remote.origin.promisor true
}

# attack CASE REPO MARKER: plain git runs the repository's command;
# cudalint's git does not, and cudalint still analyses the tree
attack() {
	rm -f "$T/$3.ran"
	printf 'build/gen.cu\0src/k.cu\0' | git -C "$2" check-ignore --stdin -z >/dev/null 2>&1
	if [ ! -e "$T/$3.ran" ]; then
		echo "skip: $1 (this git does not run the command: nothing to prove)"
		return
	fi
	rm -f "$T/$3.ran"
	run "$1" "0" --show-files "$2"
	[ -e "$T/$3.ran" ] && fail "cudalint's git ran the repository's command ($3)"
	grep -q "^$2/src/k.cu\$" out || fail "src/k.cu is not listed: $(head -c 300 out)"
	rm -f "$T/$3.ran"
	run "$1/analysed" "1" $NT "$2"
	[ -e "$T/$3.ran" ] && fail "cudalint's git ran the repository's command ($3) in an analysis"
	finds
}

# --- the remote's transport runs the command --------------------------------
evil ssh
partial ssh-remote
git -C ssh-remote config remote.origin.url ssh://x/y
git -C ssh-remote config core.sshCommand "$T/ssh.sh"
attack partial-clone-ssh ssh-remote ssh

# a local remote: git runs its upload-pack command on this machine, and
# the repository allows the file transport whatever protocol.allow says
evil uploadpack
partial file-remote
mkdir other && git -C other init -q
git -C file-remote config remote.origin.url "$T/other"
git -C file-remote config remote.origin.uploadpack "$T/uploadpack.sh"
git -C file-remote config protocol.file.allow always
attack partial-clone-upload-pack file-remote uploadpack

# ext:: runs any command, once the repository allows it
evil ext
partial ext-remote
git -C ext-remote config remote.origin.url "ext::$T/ext.sh"
git -C ext-remote config protocol.ext.allow always
attack partial-clone-ext ext-remote ext

# the fetch is refused and git says so: one warning naming the tree
run partial-clone-warns "0" --show-files ssh-remote
grep -q "^cudalint: warning: $T/ssh-remote: git check-ignore: " err ||
	fail "no warning naming the work tree: $(head -c 300 err)"

# --- reading the index runs core.fsmonitor ----------------------------------
evil fsmonitor
mkdir -p fsm/src && cp kernel.cu fsm/src/k.cu
git -C fsm init -q && git -C fsm add src/k.cu
git -C fsm config core.fsmonitor "$T/fsmonitor.sh"
attack fsmonitor fsm fsmonitor

# --- git fails: one warning, with git's reason, and the tree is analysed ----
mkdir -p broken/src && cp kernel.cu broken/src/k.cu
git -C broken init -q
git -C broken config core.repositoryformatversion 1
git -C broken config extensions.nosuchextension yes
run git-fails "1" $NT broken
finds
grep -q "^cudalint: warning: $T/broken: git check-ignore failed (exit status 128: fatal: .*); .gitignore not applied there\$" err ||
	fail "no warning with git's reason: $(head -c 300 err)"

# --- what the user's own configuration ignores stays ignored ----------------
# (the isolation above overrides keys; it does not drop the global or
# system configuration, where core.excludesFile usually lives)
mkdir -p own/src && cp kernel.cu own/src/k.cu && cp kernel.cu own/src/k.gen.cu
git -C own init -q
printf '*.gen.cu\n' >"$HOME/excludes"
git config --global core.excludesFile "$HOME/excludes"
run global-excludes-file "0" --show-files own
grep -q 'k\.gen\.cu' out && fail "the global core.excludesFile was not applied: $(head -c 300 out)"
grep -q '^own/src/k\.cu$' out || fail "own/src/k.cu is not listed: $(head -c 300 out)"
finish
