import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Real resource errors from the kernel, not injected ones: a file-size limit
/// (`EFBIG`), a read-only store directory for a non-root user (`EACCES`) and
/// a full file system (`ENOSPC`). Each runs the built binary in a child, so
/// limits and privileges never touch the test process.
@Suite("Resource errors")
struct ResourceErrorTests {
  /// `ulimit -f` in `sh`, with `SIGXFSZ` ignored so that a write past the limit
  /// fails with `EFBIG` instead of killing the process. POSIX `sh` (dash)
  /// counts in 512-byte blocks, bash in 1024: the tests size files past both.
  ///
  /// The limit applies to standard error too when it is a file, so the
  /// binary's output goes through a pipe (`| cat`), which no limit affects;
  /// the last line of the output is `exit=N`.
  static func underFileSizeLimit(_ blocks: Int, _ sandbox: Sandbox, _ arguments: String...) throws
    -> (status: Int32?, stderr: String, wasSignalled: Bool)
  {
    let result = try sandbox.shell(
      "( ulimit -f \(blocks); trap '' XFSZ; \"$0\" \"$@\" 2>&1 > /dev/null; echo \"exit=$?\" ) | cat",
      [try MetroBuddyProcess.binaryPath(), "--store", sandbox.store] + arguments)
    var lines = result.stdout.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    let last = lines.popLast() ?? ""
    let status = last.hasPrefix("exit=") ? Int32(last.dropFirst(5)) : nil
    // 128 + 25: the shell's report of a process killed by SIGXFSZ.
    return (status, lines.joined(separator: "\n"), status == 128 + SIGXFSZ)
  }

  @Test("A journal already larger than the file-size limit: exit 74 naming it, store unchanged")
  func journalPastTheFileSizeLimit() throws {
    let sandbox = try Sandbox()
    try #require(sandbox.metrobuddy("reload", "20").status == 0)
    while (fileBytes(try sandbox.deviceLog())?.count ?? 0) < 2048 {
      try #require(sandbox.metrobuddy("reload", "1").status == 0)
    }
    let before = try DirectoryImage(sandbox.store)

    let result = try Self.underFileSizeLimit(1, sandbox, "reload", "5")
    #expect(result.status == 74, "\(result)")
    #expect(!result.wasSignalled, "SIGXFSZ killed it: \(result)")
    #expect(result.stderr.contains(try sandbox.deviceLog() + ": "), "\(result)")
    #expect(result.stderr.contains(String(cString: strerror(EFBIG))), "\(result)")
    #expect(try DirectoryImage(sandbox.store) == before)

    // Without the limit the same command works.
    let retry = try sandbox.metrobuddy("--json", "reload", "5")
    #expect(retry.status == 0, "\(retry)")
    #expect(try parseJSONObject(retry.stdout)["card"].flatMap { ($0 as? [String: Any])?["balance"] as? String } != nil)
  }

  @Test("A file-size limit that stops only the cache after the commit: the swipe is reported saved, charged once")
  func fileSizeLimitAfterTheCommit() throws {
    let sandbox = try Sandbox()
    // Another device's cards make this device's cache (every card, with
    // its name and rules) far larger than this device's own log.
    let phone = sandbox.environment.merging(["METROBUDDY_DEVICE": "phone"]) { $1 }
    let store = ["--store", sandbox.store]
    try #require(sandbox.run(store + ["reload", "100"], environment: phone).status == 0)
    let padding = String(repeating: "n", count: 24)
    for number in 1...30 {
      let arguments: [String] = store + ["card", "add", "card-\(number)-\(padding)", "--balance", "5"]
      try #require(sandbox.run(arguments, environment: phone).status == 0)
    }
    try #require(sandbox.metrobuddy("reload", "20").status == 0)
    let log = try sandbox.deviceLog()
    let logBytes = try #require(fileBytes(log)).count
    let device = try sandbox.deviceID()
    let caches = (FileManager.default.subpaths(atPath: sandbox.home + "/.cache") ?? []).filter {
      $0.hasSuffix("/meaning-5.json") && $0.contains("/" + device + "-")
    }
    let cacheBytes = try caches.map { try #require(fileBytes(sandbox.home + "/.cache/" + $0)).count }.max() ?? 0
    // A limit past the log and its next record, below the cache, whether the
    // shell counts in 512- or 1024-byte blocks; SIGXFSZ not ignored by the shell.
    let blocks = (logBytes + 600) / 512 + 1
    try #require(blocks * 1024 < cacheBytes, "log \(logBytes) bytes, cache \(cacheBytes)")
    let result = try sandbox.shell(
      "( ulimit -f \(blocks); \"$0\" \"$@\" 2>&1 > /dev/null; echo \"exit=$?\" ) | cat",
      [try MetroBuddyProcess.binaryPath(), "--store", sandbox.store, "swipe"])
    #expect(result.stdout.hasSuffix("exit=0\n"), "\(result.stdout)")
    #expect(!result.stdout.contains("exit=\(128 + SIGXFSZ)"), "SIGXFSZ killed a committed swipe")
    // Saved once: $100.00 loaded on the phone, $20.00 here, one $3.00 ride.
    let balance = try sandbox.metrobuddy("--json", "balance")
    #expect(try parseJSONObject(balance.stdout)["balance"] as? String == "117.00", "\(balance)")
  }

  @Test("The first write under a zero file-size limit fails on the device id: exit 74 naming it, nothing left behind")
  func firstWriteWithNoRoomAtAll() throws {
    let sandbox = try Sandbox()
    // The first write keeps a new device id under HOME before it touches the
    // store: that is the file the limit stops.
    let result = try Self.underFileSizeLimit(0, sandbox, "reload", "5")
    #expect(result.status == 74, "\(result)")
    #expect(!result.wasSignalled, "\(result)")
    #expect(result.stderr.contains(sandbox.deviceIDFile + ": " + String(cString: strerror(EFBIG))), "\(result)")
    #expect(result.stderr.contains("XDG_STATE_HOME") && result.stderr.contains("METROBUDDY_DEVICE"), "\(result)")
    // Nothing at all: no store, and under HOME no id, no temporary file, no
    // empty folder made for them and no cache.
    #expect(!exists(sandbox.store))
    #expect(try everything(under: sandbox.home) == [])

    // Without the limit a read works and still makes nothing.
    let show = try sandbox.metrobuddy("balance")
    #expect(show.status == 0 && show.stdout.contains("$0.00"), "\(show)")
    #expect(!exists(sandbox.store))
    #expect(try everything(under: sandbox.home) == [])

    // Once this device has an id (its first write went to another store),
    // the first write to this store fails on its own log, naming it. It
    // leaves nothing: the folders it made and the log it began are taken
    // back (decision 69).
    try #require(
      sandbox.run(["--store", sandbox.root + "/other", "reload", "1"], environment: sandbox.environment).status == 0)
    let onLog = try Self.underFileSizeLimit(0, sandbox, "reload", "5")
    #expect(onLog.status == 74, "\(onLog)")
    #expect(onLog.stderr.contains(try sandbox.deviceLog() + ": " + String(cString: strerror(EFBIG))), "\(onLog)")
    #expect(!exists(sandbox.store))
    let empty = try sandbox.metrobuddy("balance")
    #expect(empty.status == 0 && empty.stdout.contains("$0.00"), "\(empty)")

    // Without the limit the write works.
    let retry = try sandbox.metrobuddy("--json", "reload", "5")
    #expect(retry.status == 0, "\(retry)")
    let card = try parseJSONObject(retry.stdout)["card"] as? [String: Any]
    #expect(card?["balance"] as? String == "5.00", "\(retry)")
  }

  /// The user `nobody` (see ``MachineSupport/asNobody``) running the binary
  /// copy `binary` on the sandbox's store, with HOME `/nonexistent` (nobody
  /// has no home) and `extra` in its environment.
  static func asNobody(
    _ sandbox: Sandbox, _ binary: String, _ extra: [String: String], _ arguments: [String]
  ) throws -> ProcessResult {
    let environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "LC_ALL": "C", "HOME": "/nonexistent"]
    let command = MachineSupport.asNobody + [binary, "--store", sandbox.store] + arguments
    return try MetroBuddyProcess.run(
      executable: command[0], Array(command.dropFirst()), environment: environment.merging(extra) { $1 },
      workingDirectory: sandbox.root)
  }

  /// Makes `path`, a `0700` directory of nobody's (when the tests run as root).
  static func makeNobodysDirectory(_ path: String) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    if geteuid() == 0 {
      let nobody = try #require(getpwnam("nobody")).pointee
      try #require(chown(path, nobody.pw_uid, nobody.pw_gid) == 0)
    }
    try #require(chmod(path, 0o700) == 0)
  }

  /// Takes write permission off `path` and everything under it (`chmod -R a-w`).
  static func makeReadOnly(_ path: String) throws {
    for file in try everything(under: path) + [path] {
      try #require(chmod(file, (permissions(file) ?? 0) & ~0o222) == 0, "chmod \(file)")
    }
  }

  @Test(
    "A read-only store for a non-root user: writes exit 74 naming the store, reads still work",
    .enabled(
      if: MachineSupport.dropPrivilegesUnavailable == nil,
      Comment(rawValue: MachineSupport.dropPrivilegesUnavailable ?? "")))
  func readOnlyStoreDirectory() throws {
    let sandbox = try Sandbox()
    let binary = try sandbox.binaryForAnyUser()
    // nobody has no home, so it keeps its state and cache where a user
    // without one would point XDG_STATE_HOME and XDG_CACHE_HOME: its own
    // directories. The first write keeps its device id there.
    let state = sandbox.root + "/nobody-state"
    let cache = sandbox.root + "/nobody-cache"
    for directory in [state, cache, sandbox.store] { try Self.makeNobodysDirectory(directory) }
    let places = ["XDG_STATE_HOME": state, "XDG_CACHE_HOME": cache]
    try #require(Self.asNobody(sandbox, binary, places, ["reload", "20"]).status == 0)
    try #require(Self.asNobody(sandbox, binary, places, ["serial", "0123"]).status == 0)
    let device = String(decoding: try #require(fileBytes(state + "/metrobuddy/device")), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let log = sandbox.store + "/devices/" + device + "/log.jsonl"
    try #require(exists(log))
    // Read-only as `chmod -R a-w` leaves it: an append to the log needs no
    // write permission on any folder, only on the log itself.
    try Self.makeReadOnly(sandbox.store)
    let before = try DirectoryImage(sandbox.store)

    for arguments in [["reload", "5"], ["swipe"], ["fare", "2.50"], ["card", "add", "work"], ["undo"]] {
      let result = try Self.asNobody(sandbox, binary, places, arguments)
      #expect(result.status == 74, "\(arguments): \(result)")
      #expect(result.stderr.contains(log + ": " + String(cString: strerror(EACCES))), "\(arguments): \(result)")
      #expect(result.stdout.isEmpty, "\(arguments): \(result)")
      #expect(try DirectoryImage(sandbox.store) == before, "\(arguments) changed the store")
    }
    // Another device's first write cannot make its folder in `devices`.
    let laptop = try Self.asNobody(sandbox, binary, places.merging(["METROBUDDY_DEVICE": "laptop"]) { $1 }, ["swipe"])
    #expect(laptop.status == 74, "\(laptop)")
    #expect(
      laptop.stderr.contains(sandbox.store + "/devices/laptop: " + String(cString: strerror(EACCES))), "\(laptop)")
    #expect(try DirectoryImage(sandbox.store) == before)

    // Reads work, with this device's id and cache and with neither (a read
    // never needs a device id).
    for extra in [places, [:]] {
      let show = try Self.asNobody(sandbox, binary, extra, ["show"])
      #expect(show.status == 0 && show.stdout.contains("$20.00") && show.stdout.contains("0123"), "\(show)")
      let history = try Self.asNobody(sandbox, binary, extra, ["history"])
      #expect(history.status == 0 && history.stdout.contains("20.00"), "\(history)")
      #expect(try Self.asNobody(sandbox, binary, extra, ["--json", "cards"]).status == 0)
    }
    #expect(try DirectoryImage(sandbox.store) == before)
  }

  @Test(
    "No place for a new device id (HOME unusable or unset, no METROBUDDY_DEVICE): the write says how to fix it, nothing is made",
    .enabled(
      if: MachineSupport.dropPrivilegesUnavailable == nil,
      Comment(rawValue: MachineSupport.dropPrivilegesUnavailable ?? "")))
  func noPlaceForTheDeviceID() throws {
    let sandbox = try Sandbox()
    let binary = try sandbox.binaryForAnyUser()
    // A store nobody may write: only the device id is missing.
    try Self.makeNobodysDirectory(sandbox.store)

    // HOME names a directory nobody cannot make.
    let unusable = try Self.asNobody(sandbox, binary, [:], ["reload", "5"])
    #expect(unusable.status == 74, "\(unusable)")
    #expect(
      unusable.stderr.contains(
        "/nonexistent/.local/state/metrobuddy/device: " + String(cString: strerror(EACCES))), "\(unusable)")
    #expect(
      unusable.stderr.contains("XDG_STATE_HOME") && unusable.stderr.contains("METROBUDDY_DEVICE"), "\(unusable)")
    #expect(unusable.stdout.isEmpty)
    #expect(!exists("/nonexistent"))
    #expect(try everything(under: sandbox.store) == [])

    // No HOME at all (nor XDG_STATE_HOME): nowhere to keep an id, never `/.local`.
    let command = MachineSupport.asNobody + [binary, "--store", sandbox.store, "reload", "5"]
    let unset = try MetroBuddyProcess.run(
      executable: command[0], Array(command.dropFirst()),
      environment: ["PATH": "/usr/bin:/bin", "TZ": "UTC", "LC_ALL": "C"], workingDirectory: sandbox.root)
    #expect(unset.status == 64, "\(unset)")
    #expect(
      unset.stderr.contains("neither XDG_STATE_HOME nor HOME") && unset.stderr.contains("METROBUDDY_DEVICE"),
      "\(unset)")
    #expect(!exists("/.local/state/metrobuddy"))
    #expect(try everything(under: sandbox.store) == [])

    // Reads need no id; with METROBUDDY_DEVICE the write works.
    let show = try Self.asNobody(sandbox, binary, [:], ["balance"])
    #expect(show.status == 0 && show.stdout.contains("$0.00"), "\(show)")
    let named = try Self.asNobody(sandbox, binary, ["METROBUDDY_DEVICE": "phone"], ["--json", "reload", "5"])
    #expect(named.status == 0, "\(named)")
    #expect(exists(sandbox.store + "/devices/phone/log.jsonl"))
  }

  /// Runs `script` inside `unshare -Urm` with a 64 KiB tmpfs mounted on
  /// `$1`; `$2` is an output directory outside it and `$3` the binary.
  static func onSmallTmpfs(_ sandbox: Sandbox, _ script: String) throws -> (output: String, result: ProcessResult) {
    let mountPoint = sandbox.root + "/tmpfs"
    let output = sandbox.root + "/out"
    for directory in [mountPoint, output] {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    }
    let unshare = try #require(findTool(["/usr/bin/unshare", "/bin/unshare"]))
    let result = try MetroBuddyProcess.run(
      executable: unshare,
      [
        "-Urm", "/bin/sh", "-c", "mount -t tmpfs -o size=64k,mode=0755 tmpfs \"$1\" || exit 90\n" + script, "sh",
        mountPoint, output, try MetroBuddyProcess.binaryPath(),
      ],
      environment: sandbox.environment, workingDirectory: sandbox.workingDirectory)
    return (output, result)
  }

  static func text(_ path: String) -> String {
    String(decoding: fileBytes(path) ?? Data(), as: UTF8.self)
  }

  @Test(
    "A transaction larger than a small tmpfs: ENOSPC, exit 74 naming the journal, store unchanged",
    .enabled(
      if: MachineSupport.tmpfsInUserNamespaceUnavailable == nil,
      Comment(rawValue: MachineSupport.tmpfsInUserNamespaceUnavailable ?? "")))
  func transactionLargerThanTheDisk() throws {
    let sandbox = try Sandbox()
    let (out, result) = try Self.onSmallTmpfs(
      sandbox,
      """
      "$3" --store "$1/store" kind metrocard > /dev/null || exit 90
      "$3" --store "$1/store" reload 5000 > /dev/null 2>&1 || exit 91
      cp -a "$1/store" "$2/before" || exit 92
      "$3" --store "$1/store" swipe --count 1000 > "$2/stdout" 2> "$2/stderr"; echo $? > "$2/status"
      cp -a "$1/store" "$2/after" || exit 93
      "$3" --store "$1/store" swipe --count 3 > /dev/null 2> "$2/next-stderr"; echo $? > "$2/next-status"
      "$3" --store "$1/store" --json balance > "$2/balance"
      """)
    try #require(result.status == 0, "\(result)")
    #expect(Self.text(out + "/status") == "74\n", "\(Self.text(out + "/stderr"))")
    let stderr = Self.text(out + "/stderr")
    #expect(stderr.contains(sandbox.root + "/tmpfs/store/devices/"), "\(stderr)")
    #expect(stderr.contains(String(cString: strerror(ENOSPC))), "\(stderr)")
    #expect(Self.text(out + "/stdout").isEmpty)
    #expect(try DirectoryImage(out + "/after") == DirectoryImage(out + "/before"))
    // The space the failed append took is given back: a smaller write fits.
    #expect(Self.text(out + "/next-status") == "0\n", "\(Self.text(out + "/next-stderr"))")
    #expect(try parseJSONObject(Self.text(out + "/balance"))["balance"] as? String == "4991.00")
  }

  @Test(
    "A tmpfs filled by another file: the next write fails with ENOSPC and changes nothing; it works once there is room",
    .enabled(
      if: MachineSupport.tmpfsInUserNamespaceUnavailable == nil,
      Comment(rawValue: MachineSupport.tmpfsInUserNamespaceUnavailable ?? "")))
  func diskFilledByAnotherFile() throws {
    let sandbox = try Sandbox()
    // A full tmpfs still takes an append that fits in the unused end of the
    // log's last page. So before filling it, the log is padded with keyed
    // reloads of 1.00, each key's length chosen so that the log ends 32
    // bytes before a page boundary (less than any record): the next append
    // then needs a new page. The lengths are measured, not assumed (a record
    // holds the host name, a sequence number and a key).
    let (out, result) = try Self.onSmallTmpfs(
      sandbox,
      """
      tmpfs=$1 out=$2 metrobuddy=$3
      "$metrobuddy" --store "$tmpfs/store" reload 20 > /dev/null || exit 91
      set -- "$tmpfs"/store/devices/*/log.jsonl
      log=$1
      [ -f "$log" ] || exit 97
      page=$(getconf PAGESIZE)
      size() { wc -c < "$log"; }
      room() { echo $(( (page - $(size) % page) % page )); }
      pads=0
      pad() { # a reload of 1.00 whose record is `base + $1` bytes long
        pads=$((pads + 1))
        "$metrobuddy" --store "$tmpfs/store" reload 1 --key "$(printf "%0${1}d" $pads)" > /dev/null || exit 96
      }
      start=$(size); pad 4; base=$(( $(size) - start - 4 ))
      while r=$(room); [ $r -ge 64 ]; do
        [ $pads -lt 60 ] || exit 95
        steps=$(( (r - 32 + base + 63) / (base + 64) ))
        if [ $(( steps * (base + 4) )) -gt $((r - 32)) ]; then
          pad 64 # no keys fit this page's room: go on into the next page
        else
          key=$(( (r - 32 + steps - 1) / steps - base ))
          [ $key -lt 4 ] && key=4; [ $key -gt 64 ] && key=64
          pad $key
        fi
      done
      echo $pads > "$out/pads"
      head -c 1048576 /dev/zero > "$tmpfs/filler" 2> /dev/null && exit 94
      echo "log $(size) bytes, $(room) left in its page of $page; record base $base; pads $pads;" \
        "free blocks $(stat -f -c %a "$tmpfs")" > "$out/diagnostics"
      stat -f -c %a "$tmpfs" > "$out/free"
      cp -a "$tmpfs/store" "$out/before" || exit 92
      for command in "reload 5" "fare 2.50" "card add work"; do
        "$metrobuddy" --store "$tmpfs/store" $command >> "$out/stdout" 2>> "$out/stderr"; echo $? >> "$out/status"
      done
      cp -a "$tmpfs/store" "$out/after" || exit 93
      rm "$tmpfs/filler"
      "$metrobuddy" --store "$tmpfs/store" reload 5 > /dev/null 2> "$out/next-stderr"; echo $? > "$out/next-status"
      "$metrobuddy" --store "$tmpfs/store" --json balance > "$out/balance"
      """)
    try #require(result.status == 0, "\(result)")
    let diagnostics = Self.text(out + "/diagnostics")
    // The setup did what it says: nothing free, and less room in the log's page than any record.
    try #require(Self.text(out + "/free") == "0\n", "\(diagnostics)")
    let log = try sandbox.deviceLog().replacingOccurrences(of: sandbox.store, with: sandbox.root + "/tmpfs/store")
    let stderr = Self.text(out + "/stderr")
    #expect(Self.text(out + "/status") == "74\n74\n74\n", "\(stderr)\n\(diagnostics)")
    #expect(
      stderr.components(separatedBy: "\n").filter {
        $0 == "Error: Cannot write " + log + ": " + String(cString: strerror(ENOSPC)) + "."
      }
      .count == 3, "\(stderr)\n\(diagnostics)")
    #expect(Self.text(out + "/stdout").isEmpty)
    #expect(try DirectoryImage(out + "/after") == DirectoryImage(out + "/before"))
    #expect(try DirectoryImage(out + "/before").names.contains { $0.hasSuffix("/log.jsonl") })
    // Once the filler is gone the same write works, and every pad counted.
    #expect(Self.text(out + "/next-status") == "0\n", "\(Self.text(out + "/next-stderr"))")
    let pads = try #require(Int(Self.text(out + "/pads").trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(try parseJSONObject(Self.text(out + "/balance"))["balance"] as? String == "\(25 + pads).00")
  }
}
