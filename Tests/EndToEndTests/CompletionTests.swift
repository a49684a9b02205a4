import Foundation
import Testing

/// Where the shells are, if they are installed (`.ci/run` installs zsh and fish).
enum Shells {
  /// The full path of `name` in the usual directories, or `nil`.
  static func path(_ name: String) -> String? {
    ["/usr/bin", "/bin", "/usr/local/bin"].map { $0 + "/" + name }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  static let bash = path("bash")
  static let zsh = path("zsh")
  static let fish = path("fish")
}

/// The completion scripts, run in their shells: syntax checks, and bash and
/// fish completing real command lines against a real store, with the built
/// binary first on PATH so the scripts can ask it for card names.
@Suite("Shell completion")
struct CompletionTests {
  // MARK: - Syntax

  @Test("the bash script passes bash -n", .enabled(if: Shells.bash != nil, "bash is not installed"))
  func bashSyntax() throws {
    try checkSyntax(shell: "bash", command: [Shells.bash!, "-n"])
  }

  @Test(
    "the zsh script passes zsh -n",
    .enabled(if: Shells.zsh != nil, "zsh is not installed (.ci/run installs it with apt-get)"))
  func zshSyntax() throws {
    try checkSyntax(shell: "zsh", command: [Shells.zsh!, "-n"])
  }

  @Test(
    "the fish script passes fish --no-execute",
    .enabled(if: Shells.fish != nil, "fish is not installed (.ci/run installs it with apt-get)"))
  func fishSyntax() throws {
    try checkSyntax(shell: "fish", command: [Shells.fish!, "--no-execute"])
  }

  /// Writes `metrobuddy completion SHELL` to a file and runs the checker on it.
  private func checkSyntax(shell: String, command: [String]) throws {
    let sandbox = try Sandbox()
    let script = try sandbox.run(["completion", shell], environment: sandbox.environment)
    #expect(script.status == 0, "\(script)")
    #expect(script.stderr.isEmpty, "\(script)")
    let file = sandbox.root + "/completion." + shell
    try script.stdout.write(toFile: file, atomically: true, encoding: .utf8)
    let check = try MetroBuddyProcess.run(
      executable: command[0], Array(command.dropFirst()) + [file], environment: sandbox.environment,
      workingDirectory: sandbox.workingDirectory)
    #expect(check.status == 0, "\(shell) rejects the script:\n\(check)")
    #expect(check.stderr.isEmpty, "\(check)")
  }

  // MARK: - bash, for real

  @Test("bash: 'metrobuddy sw<TAB>' gives swipe", .enabled(if: Shells.bash != nil, "bash is not installed"))
  func bashCommand() throws {
    let bash = try BashCompletion()
    #expect(try bash.complete(["metrobuddy", "sw"]) == ["swipe"])
    #expect(try bash.complete(["metrobuddy", "card", ""]) == ["add", "use", "rename", "merge", "remove"])
  }

  @Test("bash: 'metrobuddy reload --k<TAB>' gives --key", .enabled(if: Shells.bash != nil, "bash is not installed"))
  func bashOption() throws {
    let bash = try BashCompletion()
    #expect(try bash.complete(["metrobuddy", "reload", "--k"]) == ["--key"])
    #expect(try bash.complete(["metrobuddy", "--js"]) == ["--json"])
    #expect(try bash.complete(["metrobuddy", "swipe", "--count", "2", "--c"]) == ["--count", "--card"])
  }

  @Test("bash: --type and --format list their values", .enabled(if: Shells.bash != nil, "bash is not installed"))
  func bashValues() throws {
    let bash = try BashCompletion()
    #expect(try bash.complete(["metrobuddy", "history", "--type", ""]) == ["swipe", "reload", "adjustment", "undo"])
    #expect(try bash.complete(["metrobuddy", "history", "--limit", "3", "--type", "r"]) == ["reload"])
    #expect(try bash.complete(["metrobuddy", "export", "--format", ""]) == ["json", "csv"])
    #expect(try bash.complete(["metrobuddy", "import", "x.csv", "--format", "c"]) == ["csv"])
    #expect(
      try bash.complete(["metrobuddy", "import", "x.csv", "--format", ""]) == [
        "json", "csv", "tfl", "omny", "smartrip", "path", "presto",
      ])
    #expect(try bash.complete(["metrobuddy", "show", "--format", ""]) == [])
    #expect(try bash.complete(["metrobuddy", "paths", ""]) == ["store", "state", "cache"])
    #expect(try bash.complete(["metrobuddy", "paths", "--e"]) == ["--env"])
  }

  @Test(
    "bash: 'metrobuddy --card <TAB>' gives the card names of the store on the command line",
    .enabled(if: Shells.bash != nil, "bash is not installed"))
  func bashCardNames() throws {
    let bash = try BashCompletion()
    let store = bash.sandbox.store
    for name in ["work", "weekend"] {
      let add = try bash.sandbox.metrobuddy("card", "add", name)
      #expect(add.status == 0, "\(add)")
    }
    let names = ["default", "work", "weekend"]
    #expect(try bash.complete(["metrobuddy", "--store", store, "--card", ""]) == names)
    // Without --store, the store in HOME, which has only the default card.
    #expect(try bash.complete(["metrobuddy", "--card", "w"]) == [])
    #expect(try bash.complete(["metrobuddy", "swipe", "--store", store, "--card", "w"]) == ["work", "weekend"])
    // bash splits --store=DIR into '--store', '=', 'DIR'.
    #expect(try bash.complete(["metrobuddy", "--store", "=", store, "card", "use", ""]) == names)
    #expect(try bash.complete(["metrobuddy", "card", "rename", "--store", store, "we"]) == ["weekend"])
    #expect(try bash.complete(["metrobuddy", "card", "remove", "--store", store, ""]) == names)
    // The store from the environment when the line names none.
    #expect(try bash.complete(["metrobuddy", "--card", ""], environment: ["METROBUDDY_STORE": store]) == names)
    // 'card add' takes a new name: nothing to offer.
    #expect(try bash.complete(["metrobuddy", "--store", store, "card", "add", ""]) == [])
  }

  @Test(
    "bash: card names from a store that does not exist give the default card and create nothing",
    .enabled(if: Shells.bash != nil, "bash is not installed"))
  func bashCardNamesCreateNothing() throws {
    let bash = try BashCompletion()
    let store = bash.sandbox.root + "/no-store-here"
    #expect(try bash.complete(["metrobuddy", "--store", store, "--card", ""]) == ["default"])
    #expect(!exists(store))
    #expect(try FileManager.default.contentsOfDirectory(atPath: bash.sandbox.home).isEmpty)
  }

  // MARK: - The card-name request

  /// STORE BUG (kept red on purpose): with the cache the write left,
  /// the damage goes unseen and the names are printed.
  @Test(
    "'completion __cards' prints the names one a line, and nothing at all when the store is damaged",
    arguments: [false, true])
  func cardRequest(dropCache: Bool) throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.metrobuddy("card", "add", "work").status == 0)
    let names = try sandbox.metrobuddy("completion", "__cards")
    #expect(names.status == 0, "\(names)")
    #expect(names.stdout == "default\nwork\n")
    #expect(names.stderr.isEmpty)

    let log = try sandbox.deviceLog()
    let damaged = try damageLine(2, of: log, replacing: "\"type\":\"card\"", with: "\"type\":\"cArd\"")
    if dropCache { try FileManager.default.removeItem(atPath: sandbox.cacheFolder) }
    let result = try sandbox.metrobuddy("completion", "__cards")
    #expect(result.stdout.isEmpty, "\(result)")
    #expect(result.stderr.isEmpty, "\(result)")
    #expect(fileBytes(log) == damaged)
  }

  @Test("an unknown shell is a usage error")
  func unknownShell() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.metrobuddy("completion", "tcsh")
    #expect(result.status == 64, "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("tcsh"), "\(result)")
  }

  // MARK: - fish, for real

  @Test(
    "fish: complete -C offers commands, options, values and card names",
    .enabled(if: Shells.fish != nil, "fish is not installed (.ci/run installs it with apt-get)"))
  func fishCompletes() throws {
    let sandbox = try Sandbox()
    let (result, answers) = try Self.fishAnswers(
      [
        "metrobuddy sw", "metrobuddy reload --k", "metrobuddy history --type ",
        "metrobuddy --store \(sandbox.store) --card ",
      ], in: sandbox, descriptions: false)
    #expect(answers.count == 4, "\(result)")
    guard answers.count == 4 else { return }
    #expect(answers[0] == ["swipe"])
    #expect(answers[1] == ["--key"])
    #expect(Set(answers[2]) == ["swipe", "reload", "adjustment", "undo"])
    #expect(Set(answers[3]) == ["default", "work"])
  }

  @Test(
    "fish: listed values do not repeat their option's description; the option keeps it",
    .enabled(if: Shells.fish != nil, "fish is not installed (.ci/run installs it with apt-get)"))
  func fishValuesHaveNoRepeatedDescription() throws {
    let sandbox = try Sandbox()
    let (result, answers) = try Self.fishAnswers(
      [
        "metrobuddy history --type ", "metrobuddy export --format ", "metrobuddy --store \(sandbox.store) --card ",
        "metrobuddy history --ty",
      ], in: sandbox, descriptions: true)
    guard answers.count == 4 else {
      Issue.record("\(result)")
      return
    }
    #expect(Set(answers[0]) == ["swipe", "reload", "adjustment", "undo"], "\(answers[0])")
    #expect(Set(answers[1]) == ["json", "csv"], "\(answers[1])")
    #expect(Set(answers[2]) == ["default", "work"], "\(answers[2])")
    #expect(answers[3] == ["--type\tOnly this type: swipe, reload, adjustment or undo. Repeatable"])
  }

  /// What real fish offers for each line with the generated script sourced,
  /// in a store with the cards `default` and `work`; `descriptions: false`
  /// cuts each answer's description.
  static func fishAnswers(
    _ lines: [String], in sandbox: Sandbox, descriptions: Bool
  ) throws -> (ProcessResult, [[String]]) {
    #expect(try sandbox.metrobuddy("card", "add", "work").status == 0)
    let script = sandbox.root + "/metrobuddy.fish"
    try sandbox.run(["completion", "fish"], environment: sandbox.environment).stdout
      .write(toFile: script, atomically: true, encoding: .utf8)
    let cut = descriptions ? "" : " | string replace -r '\\t.*' ''"
    var program = "source \(shellQuoted(script))\n"
    for line in lines { program += "echo '=='; complete -C \(shellQuoted(line))\(cut)\n" }
    program += "true\n"  // string replace fails when no value has a description left to cut
    let result = try MetroBuddyProcess.run(
      executable: Shells.fish!, ["--no-config", "-c", program], environment: try BashCompletion.environment(sandbox),
      workingDirectory: sandbox.workingDirectory)
    #expect(result.status == 0, "\(result)")
    let answers = result.stdout.components(separatedBy: "==\n").dropFirst().map {
      $0.split(separator: "\n").map(String.init)
    }
    return (result, answers)
  }
}

/// Sources `metrobuddy completion bash` in `bash --norc --noprofile` and calls
/// its function as bash does on Tab, with COMP_WORDS, COMP_CWORD, COMP_LINE
/// and COMP_POINT set; the built binary's directory comes first on PATH.
struct BashCompletion {
  let sandbox: Sandbox
  let script: String

  init() throws {
    sandbox = try Sandbox()
    script = sandbox.root + "/metrobuddy.bash"
    let generated = try sandbox.run(["completion", "bash"], environment: sandbox.environment)
    guard generated.status == 0 else { throw EndToEndSetupError(description: "completion bash: \(generated)") }
    try generated.stdout.write(toFile: script, atomically: true, encoding: .utf8)
  }

  /// The sandbox's environment with the binary's directory first on PATH.
  static func environment(_ sandbox: Sandbox) throws -> [String: String] {
    let directory = URL(fileURLWithPath: try MetroBuddyProcess.binaryPath()).deletingLastPathComponent().path
    var environment = sandbox.environment
    environment["PATH"] = directory + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    return environment
  }

  /// COMPREPLY for the words, the last being the one under the cursor.
  func complete(_ words: [String], environment extra: [String: String] = [:]) throws -> [String] {
    let line = words.joined(separator: " ")
    let program = """
      source \(shellQuoted(script))
      COMP_WORDS=(\(words.map(shellQuoted).joined(separator: " ")))
      COMP_CWORD=\(words.count - 1)
      COMP_LINE=\(shellQuoted(line))
      COMP_POINT=\(line.utf8.count)
      _metrobuddy
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try MetroBuddyProcess.run(
      executable: Shells.bash!, ["--norc", "--noprofile", "-c", program],
      environment: try Self.environment(sandbox).merging(extra) { $1 }, workingDirectory: sandbox.workingDirectory)
    guard result.status == 0, result.stderr.isEmpty else {
      throw EndToEndSetupError(description: "bash completion of '\(line)' failed:\n\(result)")
    }
    return result.stdout.split(separator: "\n").map(String.init)
  }
}
