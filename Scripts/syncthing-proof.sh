#!/usr/bin/env bash
# Proves that two devices can share one metrobuddy store through Syncthing
# without conflicts, with two Syncthing instances on this machine that talk
# only to each other over 127.0.0.1; then that one device id on two machines
# (a synced home directory), whose log Syncthing puts in conflict, is refused
# on the machine that lost its record and goes on under a new id
# (`devices continue-as-new`) with both machines agreeing to the cent.
#
#   bash Scripts/syncthing-proof.sh [METROBUDDY_BINARY]   the proof with metrobuddy
#   bash Scripts/syncthing-proof.sh --plain               the harness alone, with plain files
#
# Without a binary argument it uses "$(swift build --show-bin-path)/metrobuddy"
# (it builds nothing). Needs syncthing (1.19 or later), curl, python3 and ss.
# Everything lives in one temporary directory that is removed on exit; the
# real home directory is never read or written.
#
# Each Syncthing instance gets a config.xml written before it starts:
# global and local discovery, relays, NAT traversal (and so STUN), usage
# reporting, crash reporting and automatic upgrades are off; the GUI/REST API
# and the sync listener are bound to 127.0.0.1; the other device's address is
# given as tcp://127.0.0.1:PORT. The script asserts, while it runs, that the
# Syncthing processes hold no socket to any other address, and reads the
# settings back over the REST API (Syncthing ignores elements it does not
# know). The element names are the xml tags of Syncthing 1.19's
# lib/config/*.pb.go (options, gui, device and folder configuration).
set -euo pipefail

FOLDER_ID=metrobuddy
TIMEOUT_S="${SYNCTHING_PROOF_TIMEOUT:-60}"

plain=0
bin=""
case "${1:-}" in
  --plain) plain=1 ;;
  -h | --help)
    sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  "") ;;
  *) bin="$1" ;;
esac

harness_failed=""
fail() {
  echo "FAIL: $*" >&2
  harness_failed=1
  exit 1
}
ok() { echo "ok [${SECONDS}s]: $*"; }

for tool in syncthing curl python3 ss find sha256sum; do
  command -v "$tool" >/dev/null || fail "$tool is not installed"
done

if [ "$plain" = 0 ]; then
  if [ -z "$bin" ]; then
    bin="$(cd "$(dirname "$0")/.." && swift build --show-bin-path)/metrobuddy"
  fi
  [ -x "$bin" ] || fail "no metrobuddy binary at $bin (build it first, or pass its path)"
  bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/syncthing-proof.XXXXXX")"
declare -A PID ID GUI LISTEN KEY EVENT_SINCE FOLDER

cleanup() {
  local status=$?
  for n in a b; do
    if [ -n "${PID[$n]:-}" ] && kill -0 "${PID[$n]}" 2>/dev/null; then
      # Ask politely, then make sure: the monitor process and its child.
      api "$n" POST /rest/system/shutdown >/dev/null 2>&1 || true
      local children
      children="$(descendants "${PID[$n]}")"
      # shellcheck disable=SC2086
      wait_pid_gone "${PID[$n]}" 10 || kill $children "${PID[$n]}" 2>/dev/null || true
      wait "${PID[$n]}" 2>/dev/null || true
    fi
  done
  if [ -n "$harness_failed" ] && [ -d "$work" ]; then
    for n in a b; do
      if [ -f "$work/$n/syncthing.log" ]; then
        echo "--- last lines of syncthing log of device $n" >&2
        tail -n 15 "$work/$n/syncthing.log" >&2
      fi
    done
  fi
  if [ -n "${SYNCTHING_PROOF_KEEP:-}" ]; then
    echo "kept $work" >&2
  else
    rm -rf "$work"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# descendants PID: the process ids below PID (syncthing's monitor and its child; strace's too).
descendants() {
  local child
  for child in $(pgrep -P "$1"); do
    echo "$child"
    descendants "$child"
  done
}

# wait_pid_gone PID SECONDS: waits (on the process, not a timer) for it to exit.
wait_pid_gone() {
  timeout "$2" tail --pid="$1" -f /dev/null 2>/dev/null
}

# Four free TCP ports on 127.0.0.1 (GUI and listener for each device).
read -r GUI[a] LISTEN[a] GUI[b] LISTEN[b] < <(python3 - <<'EOF'
import socket
socks = [socket.socket() for _ in range(4)]
for s in socks:
    s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in socks))
EOF
)

# json PYTHON_EXPRESSION: evaluates the expression on the JSON read from stdin (as j).
json() {
  python3 -c 'import json, sys; j = json.load(sys.stdin); r = eval(sys.argv[1]); print(r if not isinstance(r, (dict, list, bool)) else json.dumps(r))' "$1"
}

# api DEVICE METHOD PATH: one REST call to that device's Syncthing.
api() {
  curl -sS --fail --max-time 70 -X "$2" -H "X-API-Key: ${KEY[$1]}" "http://127.0.0.1:${GUI[$1]}$3"
}

other() { if [ "$1" = a ]; then echo b; else echo a; fi; }

# --- configuration, written before either instance starts -------------------

for n in a b; do
  mkdir -p "$work/$n/syncthing" "$work/$n/home/.local/share"
  # The shared folder is the device's default metrobuddy store.
  mkdir -m 700 "$work/$n/home/.local/share/metrobuddy"
  mkdir "$work/$n/home/.local/share/metrobuddy/.stfolder"
  FOLDER[$n]="$work/$n/home/.local/share/metrobuddy"
  HOME="$work/$n/home" syncthing generate --home "$work/$n/syncthing" --no-default-folder --skip-port-probing \
    >"$work/$n/generate.log" 2>&1 || fail "syncthing generate for device $n: $(cat "$work/$n/generate.log")"
  ID[$n]="$(HOME="$work/$n/home" syncthing serve --home "$work/$n/syncthing" --device-id)"
  KEY[$n]="$(python3 -c 'import secrets; print(secrets.token_hex(16))')"
done

device_xml() {
  local n="$1"
  cat <<EOF
    <device id="${ID[$n]}" name="$n" compression="metadata" introducer="false" skipIntroductionRemovals="false">
        <address>tcp://127.0.0.1:${LISTEN[$n]}</address>
        <paused>false</paused>
        <autoAcceptFolders>false</autoAcceptFolders>
    </device>
EOF
}

write_config() {
  local n="$1"
  cat >"$work/$n/syncthing/config.xml" <<EOF
<configuration version="36">
    <folder id="$FOLDER_ID" label="metrobuddy store" path="${FOLDER[$n]}" type="sendreceive" rescanIntervalS="3600" fsWatcherEnabled="true" fsWatcherDelayS="1" ignorePerms="false" autoNormalize="true">
        <filesystemType>basic</filesystemType>
        <device id="${ID[a]}" introducedBy=""><encryptionPassword></encryptionPassword></device>
        <device id="${ID[b]}" introducedBy=""><encryptionPassword></encryptionPassword></device>
        <minDiskFree unit="%">1</minDiskFree>
        <versioning><cleanupIntervalS>3600</cleanupIntervalS><fsPath></fsPath><fsType>basic</fsType></versioning>
        <copiers>0</copiers>
        <pullerMaxPendingKiB>0</pullerMaxPendingKiB>
        <hashers>0</hashers>
        <order>random</order>
        <ignoreDelete>false</ignoreDelete>
        <scanProgressIntervalS>0</scanProgressIntervalS>
        <pullerPauseS>0</pullerPauseS>
        <maxConflicts>10</maxConflicts>
        <disableSparseFiles>false</disableSparseFiles>
        <disableTempIndexes>false</disableTempIndexes>
        <paused>false</paused>
        <weakHashThresholdPct>25</weakHashThresholdPct>
        <markerName>.stfolder</markerName>
        <copyOwnershipFromParent>false</copyOwnershipFromParent>
        <modTimeWindowS>0</modTimeWindowS>
        <maxConcurrentWrites>2</maxConcurrentWrites>
        <disableFsync>false</disableFsync>
        <blockPullOrder>standard</blockPullOrder>
        <copyRangeMethod>standard</copyRangeMethod>
        <caseSensitiveFS>false</caseSensitiveFS>
        <junctionsAsDirs>false</junctionsAsDirs>
    </folder>
$(device_xml a)
$(device_xml b)
    <gui enabled="true" tls="false" debugging="false">
        <address>127.0.0.1:${GUI[$n]}</address>
        <apikey>${KEY[$n]}</apikey>
        <theme>default</theme>
    </gui>
    <options>
        <listenAddress>tcp://127.0.0.1:${LISTEN[$n]}</listenAddress>
        <globalAnnounceEnabled>false</globalAnnounceEnabled>
        <localAnnounceEnabled>false</localAnnounceEnabled>
        <relaysEnabled>false</relaysEnabled>
        <natEnabled>false</natEnabled>
        <stunKeepaliveStartS>0</stunKeepaliveStartS>
        <stunKeepaliveMinS>0</stunKeepaliveMinS>
        <announceLANAddresses>false</announceLANAddresses>
        <urAccepted>-1</urAccepted>
        <urSeen>3</urSeen>
        <crashReportingEnabled>false</crashReportingEnabled>
        <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
        <upgradeToPreReleases>false</upgradeToPreReleases>
        <startBrowser>false</startBrowser>
        <restartOnWakeup>false</restartOnWakeup>
        <reconnectionIntervalS>5</reconnectionIntervalS>
    </options>
</configuration>
EOF
}
# Folder fields are written in full (Syncthing's own defaults, but a 1s
# watcher delay): a folder element read from config.xml gets zero for every
# field left out, and maxConflicts 0 would delete conflicting files instead of
# keeping a conflict copy.
write_config a
write_config b
echo "devices: a=${ID[a]} (api 127.0.0.1:${GUI[a]}, sync tcp://127.0.0.1:${LISTEN[a]})"
echo "         b=${ID[b]} (api 127.0.0.1:${GUI[b]}, sync tcp://127.0.0.1:${LISTEN[b]})"

# --- start and wait ---------------------------------------------------------

# When strace works here, each instance runs under it, recording every
# connect, bind and send system call of all its processes: the strongest
# check that no packet goes anywhere but 127.0.0.1 (assert_loopback_only).
tracing=""
if [ -z "${SYNCTHING_PROOF_NO_STRACE:-}" ] && command -v strace >/dev/null &&
  strace -f -qq --seccomp-bpf -e trace=connect -o /dev/null true 2>/dev/null; then
  tracing=1
fi
for n in a b; do
  tracer=()
  [ -z "$tracing" ] ||
    tracer=(strace -f -qq --seccomp-bpf -e trace=connect,bind,sendto,sendmsg,sendmmsg -o "$work/$n/syscalls.log")
  HOME="$work/$n/home" STNOUPGRADE=1 "${tracer[@]}" syncthing serve --home "$work/$n/syncthing" --no-browser \
    --no-restart --no-upgrade >"$work/$n/syncthing.log" 2>&1 &
  PID[$n]=$!
done
for n in a b; do
  # curl's own bounded retry (connection refused until the API listens).
  curl -s --fail --retry 30 --retry-connrefused --retry-max-time 30 -H "X-API-Key: ${KEY[$n]}" \
    "http://127.0.0.1:${GUI[$n]}/rest/system/ping" >/dev/null || fail "device $n: REST API did not come up"
  EVENT_SINCE[$n]=0
done
ok "both Syncthing instances answer on 127.0.0.1"

# Syncthing ignores elements it does not know: read back what it loaded.
for n in a b; do
  got="$(api "$n" GET /rest/config | json '" ".join("%s=%s" % (k, json.dumps(v)) for k, v in [
    ("globalAnnounceEnabled", j["options"]["globalAnnounceEnabled"]),
    ("localAnnounceEnabled", j["options"]["localAnnounceEnabled"]),
    ("relaysEnabled", j["options"]["relaysEnabled"]),
    ("natEnabled", j["options"]["natEnabled"]),
    ("announceLANAddresses", j["options"]["announceLANAddresses"]),
    ("urAccepted", j["options"]["urAccepted"]),
    ("crashReportingEnabled", j["options"]["crashReportingEnabled"]),
    ("autoUpgradeIntervalH", j["options"]["autoUpgradeIntervalH"]),
    ("startBrowser", j["options"]["startBrowser"]),
    ("listenAddresses", j["options"]["listenAddresses"]),
    ("gui", j["gui"]["address"]),
    ("maxConflicts", j["folders"][0]["maxConflicts"]),
    ("addresses", sorted(a for d in j["devices"] for a in d["addresses"])),
  ])')"
  want="globalAnnounceEnabled=false localAnnounceEnabled=false relaysEnabled=false natEnabled=false"
  want+=" announceLANAddresses=false urAccepted=-1 crashReportingEnabled=false autoUpgradeIntervalH=0"
  want+=" startBrowser=false listenAddresses=[\"tcp://127.0.0.1:${LISTEN[$n]}\"] gui=\"127.0.0.1:${GUI[$n]}\""
  want+=" maxConflicts=10 addresses=$(python3 -c 'import json, sys; print(json.dumps(sorted(sys.argv[1:])))' \
    "tcp://127.0.0.1:${LISTEN[a]}" "tcp://127.0.0.1:${LISTEN[b]}")"
  [ "$got" = "$want" ] || fail "device $n runs with other settings than written:
  got  $got
  want $want"
done
ok "both run with discovery, relays, NAT, usage and crash reports, upgrades off; 127.0.0.1 only"

# wait_for DESCRIPTION COMMAND...: runs COMMAND until it succeeds. Between
# tries it long-polls device a's and b's event streams (returns as soon as
# Syncthing reports anything), so it never sleeps blindly; gives up after
# TIMEOUT_S seconds.
wait_for() {
  local what="$1" deadline=$((SECONDS + TIMEOUT_S)) n last
  why=""
  shift
  until "$@"; do
    [ "$SECONDS" -lt "$deadline" ] || fail "timed out after ${TIMEOUT_S}s waiting for: $what${why:+ ($why)}"
    for n in a b; do
      last="$(api "$n" GET "/rest/events?since=${EVENT_SINCE[$n]}&timeout=1" | json 'j[-1]["id"] if j else ""')" || true
      [ -z "$last" ] || EVENT_SINCE[$n]="$last"
    done
  done
}

connected() {
  [ "$(api a GET /rest/system/connections | json "j['connections']['${ID[b]}']['connected']")" = true ] &&
    [ "$(api b GET /rest/system/connections | json "j['connections']['${ID[a]}']['connected']")" = true ]
}
disconnected() {
  [ "$(api a GET /rest/system/connections | json "j['connections']['${ID[b]}']['connected']")" = false ] &&
    [ "$(api b GET /rest/system/connections | json "j['connections']['${ID[a]}']['connected']")" = false ]
}

# The digest of a device's folder: every file but Syncthing's marker, with its content.
tree_digest() {
  (cd "${FOLDER[$1]}" && find . -path ./.stfolder -prune -o -type f -print0 | sort -z | xargs -0r sha256sum)
}

# in_sync: both instances idle with nothing needed, each sees the other 100%
# complete, and the two folders hold the same files with the same bytes.
in_sync() {
  local n o status completion
  for n in a b; do
    o="$(other "$n")"
    status="$(api "$n" GET "/rest/db/status?folder=$FOLDER_ID" | json '"%s %s %s" % (j["state"], j["needTotalItems"], j["errors"])')"
    why="device $n: folder state, items needed, errors: $status"
    [ "$status" = "idle 0 0" ] || return 1
    completion="$(api "$n" GET "/rest/db/completion?folder=$FOLDER_ID&device=${ID[$o]}" | json '"%s %s" % (j["completion"], j["needItems"])')"
    why="device $n: completion of device $o, items it needs: $completion"
    [ "$completion" = "100 0" ] || return 1
  done
  why="the folders differ: $(diff <(tree_digest a) <(tree_digest b) | grep '^[<>]' | head -n 10)"
  [ "$(tree_digest a)" = "$(tree_digest b)" ]
}

# sync: makes both instances scan now (no waiting for the watcher) and waits until in_sync.
sync_now() {
  local start=$SECONDS
  api a POST "/rest/db/scan?folder=$FOLDER_ID" >/dev/null
  api b POST "/rest/db/scan?folder=$FOLDER_ID" >/dev/null
  wait_for "the two folders to be in sync" in_sync
  echo "  (in sync after $((SECONDS - start))s)"
}

# Apart: a pauses b, which closes the connection; a refuses b's attempts to
# reconnect until it resumes b. (Only a pauses: b keeps dialling a every
# reconnectionIntervalS, 5s, so they meet again within seconds of the resume.
# If both paused, neither would dial until Syncthing's next connection loop,
# up to a minute later.)
go_apart() {
  api a POST "/rest/system/pause?device=${ID[b]}" >/dev/null
  wait_for "the devices to disconnect" disconnected
  ok "devices apart (a paused b; the connection is closed, b is refused)"
}

come_together() {
  api a POST "/rest/system/resume?device=${ID[b]}" >/dev/null
  wait_for "the devices to reconnect" connected
  ok "devices reconnected"
  sync_now
  ok "folders in sync after reconnecting"
}

conflict_copies() {
  find "${FOLDER[a]}" "${FOLDER[b]}" -name '*.sync-conflict-*'
}

assert_no_conflict_copies() {
  local found
  found="$(conflict_copies)"
  [ -z "$found" ] || fail "conflict copies: $found"
  ok "no *.sync-conflict-* file in either folder"
}

# The no-network rule: every socket held by our Syncthing processes (the
# monitor and its child) is on 127.0.0.1, and so is every peer; every address
# Syncthing dialled or is connected to is 127.0.0.1.
assert_loopback_only() {
  local pids="" n lines bad traced=""
  for n in a b; do
    pids+=" ${PID[$n]} $(descendants "${PID[$n]}" | tr '\n' ' ')"
  done
  lines="$(ss -tuanpH | grep -E "pid=($(echo $pids | tr ' ' '|'))," || true)"
  [ -n "$lines" ] || fail "no sockets found for the Syncthing processes ($pids): is ss seeing them?"
  bad="$(awk '{ l = $5; p = $6; if (l !~ /^127\.0\.0\.1:/ || (p !~ /^127\.0\.0\.1:/ && p != "0.0.0.0:*" && p != "*:*")) print }' <<<"$lines")"
  [ -z "$bad" ] || fail "a Syncthing socket is not on 127.0.0.1: $bad"
  for n in a b; do
    bad="$(api "$n" GET /rest/system/status | json '[k for k in list(j.get("lastDialStatus") or {}) + list(j.get("connectionServiceStatus") or {}) if not k.startswith("tcp://127.0.0.1:")]')"
    [ "$bad" = "[]" ] || fail "device $n dialled or listens on: $bad"
    bad="$(api "$n" GET /rest/system/connections | json '[c["address"] for c in j["connections"].values() if c["address"] and not c["address"].startswith("127.0.0.1:")]')"
    [ "$bad" = "[]" ] || fail "device $n is connected to: $bad"
  done
  if [ -n "$tracing" ]; then
    bad="$(cat "$work/a/syscalls.log" "$work/b/syscalls.log" | python3 -c '
import re, sys
seen = bad = 0
for line in sys.stdin:
    for addr in re.findall(r"inet_addr\(\"([^\"]*)\"\)|inet_pton\(AF_INET6, \"([^\"]*)\"", line):
        addr = addr[0] or addr[1]
        seen += 1
        if addr not in ("127.0.0.1", "::ffff:127.0.0.1"):
            bad += 1
            print("not 127.0.0.1:", line.strip())
print("checked", seen)
')"
    grep -q '^not' <<<"$bad" && fail "Syncthing made a system call with another address:
$bad"
    traced="; ${bad#checked } connect/bind/send calls with an IP address traced, all to 127.0.0.1"
  fi
  ok "Syncthing sockets all on 127.0.0.1 ($(wc -l <<<"$lines") open sockets checked with ss$traced; dial and connection lists checked)"
}

wait_for "the devices to connect" connected
ok "devices connected over 127.0.0.1"
assert_loopback_only

# --- plain files: the harness itself -----------------------------------------

if [ "$plain" = 1 ]; then
  a="${FOLDER[a]}" b="${FOLDER[b]}"
  mkdir -p "$a/devices/a" "$b/devices/b"
  echo "a 1" >>"$a/devices/a/log.txt"
  echo "b 1" >>"$b/devices/b/log.txt"
  sync_now
  ok "connected writes to each device's own file arrived on both"
  go_apart
  echo "a 2" >>"$a/devices/a/log.txt"
  echo "b 2" >>"$b/devices/b/log.txt"
  # The one thing the store layout avoids: two devices changing the same file while apart.
  # (Different sizes and modification times: Syncthing takes two files of the
  # same size and time for the same file and would not call it a conflict.)
  echo "written by device a" >"$a/shared.txt"
  echo "by b" >"$b/shared.txt"
  touch -d @1800000000 "$a/shared.txt"
  touch -d @1800000100 "$b/shared.txt"
  api a POST "/rest/db/scan?folder=$FOLDER_ID" >/dev/null
  api b POST "/rest/db/scan?folder=$FOLDER_ID" >/dev/null
  [ "$(tree_digest a)" != "$(tree_digest b)" ] || fail "apart, yet the folders are the same"
  ok "apart: each device wrote; the folders differ"
  assert_loopback_only
  come_together
  for f in devices/a/log.txt devices/b/log.txt; do
    cmp -s "$a/$f" "$b/$f" || fail "$f differs"
  done
  [ "$(cat "$a/devices/a/log.txt")" = $'a 1\na 2' ] || fail "devices/a/log.txt lost a line"
  [ "$(cat "$a/devices/b/log.txt")" = $'b 1\nb 2' ] || fail "devices/b/log.txt lost a line"
  ok "each device's own file arrived whole on the other"
  found="$(conflict_copies)"
  [ -n "$found" ] || fail "the shared file written on both sides made no conflict copy; the detector is not proven"
  case "$found" in *shared.sync-conflict-*) ;; *) fail "unexpected conflict copies: $found" ;; esac
  ok "the file both devices changed made a conflict copy, and it was found: $(basename "$(head -n1 <<<"$found")")"
  [ -z "$(find "$a" "$b" -path '*/devices/*' -name '*.sync-conflict-*')" ] || fail "a conflict copy under devices/"
  ok "no conflict copy of any per-device file"
  assert_loopback_only
  echo "PASS: the Syncthing harness works (plain files)"
  exit 0
fi

# --- metrobuddy: two devices, one store, carried by Syncthing ------------------
# A harness failure (Syncthing, a timeout, a socket) stops the script at once;
# a metrobuddy result that differs from what is expected is reported as a
# MISMATCH and the script goes on, so one run lists them all, and exits 1.

declare -A DEVICE=([a]=a-laptop [b]=b-desktop)
mismatches=0
mismatch() {
  echo "MISMATCH: $*" >&2
  mismatches=$((mismatches + 1))
}

# mb DEVICE ARGS...: runs metrobuddy as that device: its own home (and so its
# own state and cache directories), its store the folder Syncthing shares
# (the default store, $HOME/.local/share/metrobuddy).
mb() {
  local n="$1"
  shift
  env -u XDG_DATA_HOME -u XDG_STATE_HOME -u XDG_CACHE_HOME -u XDG_CONFIG_HOME -u METROBUDDY_STORE \
    -u METROBUDDY_CARD HOME="$work/$n/home" TZ=UTC METROBUDDY_DEVICE="${DEVICE[$n]}" "$bin" "$@"
}

# run DEVICE ARGS...: mb, showing the command and what it printed.
run() {
  local n="$1" out
  shift
  out="$(mb "$n" "$@" 2>&1)" || fail "device $n: metrobuddy $* exited $?: $out"
  echo "  $n\$ metrobuddy $*${out:+ -> $(tr '\n' ' ' <<<"$out")}"
}

# balance DEVICE CARD: the card's balance as that device sees it.
balance() {
  mb "$1" --card "$2" show --json | json 'j["balance"]'
}

expect_balance() {
  local n card="$1" want="$2" got bad=0
  for n in a b; do
    got="$(balance "$n" "$card")"
    [ "$got" = "$want" ] || { mismatch "device $n: $card balance $got, expected $want"; bad=1; }
  done
  [ "$bad" = 1 ] || ok "$card: balance $want on both devices"
}

# same_everywhere CARD: show, history and cards (--json) byte-identical on both devices.
same_everywhere() {
  local card="$1" what bad=0
  for what in "--card $card show --json" "--card $card history --json" "cards --json"; do
    # shellcheck disable=SC2086
    cmp -s <(mb a $what) <(mb b $what) || {
      mismatch "metrobuddy $what differs between the devices:
$(diff <(mb a $what) <(mb b $what) | head -n 20)"
      bad=1
    }
  done
  [ "$bad" = 1 ] || ok "$card: show, history and cards (--json) identical on both devices"
}

# verify_both: verify exits 0 on both and says it read the store's files
# (--json: "sound": true and the store directory, not null).
verify_both() {
  local n out status sound bad=0
  for n in a b; do
    status=0
    out="$(mb "$n" verify --json 2>&1)" || status=$?
    sound="$(json '"%s %s" % (j.get("sound"), j.get("store") is not None)' <<<"$out" 2>/dev/null || echo "not JSON")"
    if [ "$status" != 0 ] || [ "$sound" != "True True" ]; then
      mismatch "device $n: metrobuddy verify exited $status and did not verify the store files: $(mb "$n" verify 2>&1)"
      bad=1
    fi
  done
  [ "$bad" = 1 ] || ok "metrobuddy verify read the store on both devices: sound, exit 0"
}

echo "== a card created on a, used on both while connected"
run a card add commute --kind custom --fare 2.00 --balance 10
sync_now
run b --card commute swipe
sync_now
run a --card commute swipe
sync_now
expect_balance commute 6.00
same_everywhere commute

echo "== apart: a swipes and reloads with a key, b reloads with the same key and swipes"
go_apart
run a --card commute swipe
run a --card commute reload 20 --key monthly-2026-11
run b --card commute reload 20 --key monthly-2026-11
run b --card commute swipe
[ "$(balance a commute)" = 24.00 ] && [ "$(balance b commute)" = 24.00 ] ||
  fail "apart, each device should see only its own writes: a $(balance a commute), b $(balance b commute)"
ok "apart, each device sees only its own writes (24.00 each)"
assert_loopback_only
come_together
assert_no_conflict_copies
# 6.00 - 2.00 (a) + 20.00 (the keyed reload, once) - 2.00 (b)
expect_balance commute 22.00
same_everywhere commute
# Both keyed reloads stay in history; in merged order the first raised the
# balance by 20.00, the second left it as it was and is marked a duplicate.
keyed="$(mb a --card commute history --json | python3 -c '
import json, sys
from decimal import Decimal
h = list(reversed(json.load(sys.stdin)))  # history is newest first
at = [i for i, e in enumerate(h) if e.get("type") == "reload" and e.get("key") == "monthly-2026-11"]
def raised(i):
    return Decimal(h[i]["balance"]) - (Decimal(h[i - 1]["balance"]) if i else Decimal(0))
marks = [h[i].get("duplicate", False) for i in at]
print(len(at), *[raised(i) for i in at], json.dumps(marks))
')"
case "$keyed" in
  "2 20.00 0.00 [false, true]") ok "the keyed reload counted once; history keeps the other, marked \"duplicate\": true" ;;
  "2 20.00 0.00 "*)
    ok "the keyed reload counted once (history keeps both; the second added 0.00)"
    mismatch "history --json does not mark the second keyed reload \"duplicate\": true (marks: ${keyed#2 20.00 0.00 })"
    ;;
  *) mismatch "keyed reloads in history (count, what each added, duplicate marks): $keyed" ;;
esac
verify_both

echo "== overspend: apart, each device spends what the card holds"
run a card add tight --kind custom --fare 2.00 --balance 2
sync_now
go_apart
run a --card tight swipe
run b --card tight swipe
if out="$(mb a --card tight swipe 2>&1)"; then
  mismatch "a second swipe on a card at 0.00 was accepted: $out"
else
  ok "a's next swipe is refused on its own view: $(head -n1 <<<"$out")"
fi
come_together
assert_no_conflict_copies
expect_balance tight -2.00
same_everywhere tight
bad=0
for n in a b; do
  out="$(mb "$n" --card tight show)"
  grep -q -- '-\$2\.00' <<<"$out" || { mismatch "device $n: show does not say the balance is -\$2.00: $out"; bad=1; }
done
echo "  b\$ metrobuddy --card tight show"
mb b --card tight show | sed 's/^/    /'
[ "$bad" = 1 ] || ok "both devices show the card below zero (-\$2.00)"
verify_both
assert_loopback_only

echo "== the store on device a"
files="$(cd "${FOLDER[a]}" && find . -path ./.stfolder -prune -o \( -type f -o -type l \) -print | sort)"
sed 's/^/  /' <<<"$files"
if [ "$files" = $'./devices/a-laptop/log.jsonl\n./devices/b-desktop/log.jsonl' ]; then
  ok "the store holds one log per device and nothing else (the device id and the cache stay outside it)"
else
  mismatch "the store holds more than one log per device"
fi
if out="$(mb b devices 2>&1)"; then
  echo "  b\$ metrobuddy devices"
  sed 's/^/    /' <<<"$out"
else
  mismatch "metrobuddy devices: $out"
fi

echo "== a conflict copy put in the store by hand is reported by verify and never read"
before="$(mb a cards --json)"
cp "${FOLDER[a]}/devices/a-laptop/log.jsonl" "${FOLDER[a]}/devices/a-laptop/log.sync-conflict-20261123-120000-ABCDEFG.jsonl"
out="$(mb a verify 2>&1)" || true
if grep -q 'log.sync-conflict-20261123-120000-ABCDEFG.jsonl' <<<"$out"; then
  ok "verify names the conflict copy: $(grep 'sync-conflict' <<<"$out" | head -n1)"
else
  mismatch "verify does not report the conflict copy: $out"
fi
[ "$(mb a cards --json)" = "$before" ] || mismatch "the conflict copy changed what cards --json shows"
[ -f "${FOLDER[a]}/devices/a-laptop/log.sync-conflict-20261123-120000-ABCDEFG.jsonl" ] ||
  mismatch "the conflict copy was removed"

rm "${FOLDER[a]}/devices/a-laptop/log.sync-conflict-20261123-120000-ABCDEFG.jsonl"
sync_now

echo "== one device id on both machines (a synced home directory): a Syncthing conflict on its log, and the way on"
# mb2 DEVICE ARGS...: metrobuddy on that machine with no METROBUDDY_DEVICE, so
# the id comes from the id file in its state directory, the store still the
# folder Syncthing shares. The second machine's id file is a copy of the
# first's, as a home directory copied or synced between machines gives.
mb2() {
  local n="$1"
  shift
  env -u XDG_DATA_HOME -u XDG_STATE_HOME -u XDG_CACHE_HOME -u XDG_CONFIG_HOME -u METROBUDDY_DEVICE \
    -u METROBUDDY_CARD HOME="$work/$n/home2" METROBUDDY_STORE="${FOLDER[$n]}" TZ=UTC "$bin" "$@"
}
run2() {
  local n="$1" out
  shift
  out="$(mb2 "$n" "$@" 2>&1)" || fail "machine $n: metrobuddy $* exited $?: $out"
  echo "  $n\$ metrobuddy $*${out:+ -> $(tr '\n' ' ' <<<"$out")}"
}
twin_balance() { mb2 "$1" --card twin show --json | json 'j["balance"]'; }
mkdir -p "$work/a/home2" "$work/b/home2/.local/state/metrobuddy"
run2 a card add twin --kind custom --fare 2.00 --balance 20
cp "$work/a/home2/.local/state/metrobuddy/device" "$work/b/home2/.local/state/metrobuddy/device"
twin="$(tr -d '[:space:]' <"$work/a/home2/.local/state/metrobuddy/device")"
sync_now
[ "$(twin_balance a)" = 20.00 ] && [ "$(twin_balance b)" = 20.00 ] || fail "twin: not 20.00 on both machines"
ok "machine b has machine a's id ($twin) and sees the card (20.00)"
go_apart
# Apart, each machine appends the same next record number to the one log.
run2 a --card twin swipe
run2 b --card twin reload 5
# Each instance scans its change before they meet (otherwise the puller finds
# a file "modified but not rescanned" and waits a minute before trying again).
api a POST "/rest/db/scan?folder=$FOLDER_ID" >/dev/null
api b POST "/rest/db/scan?folder=$FOLDER_ID" >/dev/null
come_together
found="$(conflict_copies)"
if [ "$(wc -l <<<"$found")" = 2 ] && [ "$(sort -u <<<"$(sed 's|.*/devices/||' <<<"$found")" | wc -l)" = 1 ] &&
  grep -q "/devices/$twin/log\.sync-conflict-.*\.jsonl\$" <<<"$found"; then
  ok "Syncthing kept one side of the shared log and made a conflict copy: $(sed 's|.*/devices/||' <<<"$found" | head -n1)"
else
  fail "expected one conflict copy of devices/$twin/log.jsonl on both machines, found: ${found:-none}"
fi
conflict_name="$(sed 's|.*/devices/||' <<<"$found" | head -n1)"
# The machine whose record Syncthing moved to the conflict copy is the loser:
# its own log is no longer the one it wrote. The other machine goes on.
loser=""
for n in a b; do
  if mb2 "$n" --card twin show 2>&1 >/dev/null | grep -q "this device's own log is not the one it wrote"; then
    loser="$loser$n"
  fi
done
case "$loser" in
  a) winner=b; want=23.00 ;; # b's reload kept; a's dropped swipe recorded again below: 20 + 5 - 2
  b) winner=a; want=16.00 ;; # a's swipe kept; b's reload dropped, then b's new swipe: 20 - 2 - 2
  *) fail "expected exactly one machine to warn that its own log is not the one it wrote, got '${loser:-none}'" ;;
esac
ok "machine $loser warns on show that its own log is not the one it wrote; machine $winner does not"
before="$(tree_digest "$loser")"
status=0
out="$(mb2 "$loser" --card twin swipe 2>&1)" || status=$?
if [ "$status" = 65 ] && grep -q "run 'metrobuddy devices continue-as-new'" <<<"$out" &&
  [ "$(tree_digest "$loser")" = "$before" ]; then
  ok "machine $loser refuses to write (65), names the way on, and changes nothing: $(head -n1 <<<"$out" | cut -c1-160)…"
else
  mismatch "machine $loser: swipe over a log that is not its own exited $status: $out"
fi
status=0
out="$(mb2 "$loser" verify 2>&1)" || status=$?
[ "$status" = 65 ] && grep -q "$conflict_name" <<<"$out" &&
  ok "machine $loser: verify is not sound (65) and names the conflict copy that holds the dropped record" ||
  mismatch "machine $loser: verify exited $status: $out"
run2 "$loser" devices continue-as-new
[ "$(tr -d '[:space:]' <"$work/$loser/home2/.local/state/metrobuddy/device")" != "$twin" ] ||
  mismatch "machine $loser: continue-as-new kept the shared id"
if [ "$loser" = a ]; then run2 a --card twin swipe; else run2 b --card twin swipe; fi
# The rider compares the conflict copy with the log (verify said how), then deletes it.
rm "${FOLDER[a]}/devices/$conflict_name"
sync_now
assert_no_conflict_copies
for n in a b; do
  got="$(twin_balance "$n")"
  [ "$got" = "$want" ] || mismatch "machine $n: twin balance $got, expected $want"
done
cmp -s <(mb2 a --card twin history --json) <(mb2 b --card twin history --json) ||
  mismatch "twin: history --json differs between the machines"
[ "$(twin_balance a)" = "$want" ] && [ "$(twin_balance b)" = "$want" ] &&
  ok "twin: $want on both machines after the way on, history identical"
for n in a b; do
  out="$(mb2 "$n" --card twin reload 1 2>&1)" || mismatch "machine $n: a write after the way on failed: $out"
  [ -z "$out" ] || grep -q '^Reloaded' <<<"$out" || mismatch "machine $n: a write after the way on said: $out"
done
sync_now
verify_both

if [ "$mismatches" != 0 ]; then
  echo "FAIL: $mismatches mismatch(es) in metrobuddy's results (above)"
  exit 1
fi
echo "PASS: two devices shared one metrobuddy store through Syncthing without a conflict; one id on two machines conflicted, was refused, and went on under a new id"
