import Foundation
import Testing

/// `Scripts/install.sh` with the debug binary (no release build) into a
/// temporary PREFIX, and the shipped man page through groff.
@Suite("Install script and man page")
struct InstallTests {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  @Test(
    "install.sh puts the binary, the man page and the three completions under PREFIX",
    .enabled(if: Shells.bash != nil, "bash is not installed"))
  func installsUnderPrefix() throws {
    let sandbox = try Sandbox()
    let prefix = sandbox.root + "/prefix"
    let binary = try MetroBuddyProcess.binaryPath()
    var environment = sandbox.environment
    environment["PREFIX"] = prefix
    environment["METROBUDDY_BINARY"] = binary
    let install = try MetroBuddyProcess.run(
      executable: Shells.bash!, [Self.packageRoot + "/Scripts/install.sh"], environment: environment,
      workingDirectory: sandbox.workingDirectory)
    #expect(install.status == 0, "\(install)")
    #expect(install.stderr.isEmpty, "\(install)")

    let files: [(String, mode_t)] = [
      ("bin/metrobuddy", 0o755), ("share/man/man1/metrobuddy.1", 0o644),
      ("share/bash-completion/completions/metrobuddy", 0o644), ("share/zsh/site-functions/_metrobuddy", 0o644),
      ("share/fish/vendor_completions.d/metrobuddy.fish", 0o644),
    ]
    for (path, mode) in files {
      #expect(
        permissions(prefix + "/" + path) == mode, "\(path): \(String(permissions(prefix + "/" + path) ?? 0, radix: 8))")
    }
    #expect(fileBytes(prefix + "/bin/metrobuddy") == fileBytes(binary))
    #expect(fileBytes(prefix + "/share/man/man1/metrobuddy.1") == fileBytes(Self.packageRoot + "/man/metrobuddy.1"))
    for (shell, path) in [
      ("bash", "share/bash-completion/completions/metrobuddy"), ("zsh", "share/zsh/site-functions/_metrobuddy"),
      ("fish", "share/fish/vendor_completions.d/metrobuddy.fish"),
    ] {
      let script = try sandbox.run(["completion", shell], environment: sandbox.environment)
      #expect(fileBytes(prefix + "/" + path) == Data(script.stdout.utf8), "\(path)")
    }
    // Nothing was written outside PREFIX: no store, nothing in HOME.
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.home).isEmpty)
    #expect(!exists(sandbox.store))
  }

  @Test(
    "groff renders man/metrobuddy.1 without a warning",
    .enabled(if: Shells.path("groff") != nil, "groff is not installed (.ci/run installs groff-base)"))
  func manPageRenders() throws {
    let sandbox = try Sandbox()
    // -P-cbou: plain text, no bold or underline, so the text can be searched.
    let render = try MetroBuddyProcess.run(
      executable: Shells.path("groff")!, ["-man", "-Tutf8", "-ww", "-P-cbou", Self.packageRoot + "/man/metrobuddy.1"],
      environment: sandbox.environment, workingDirectory: sandbox.workingDirectory)
    #expect(render.status == 0, "\(render)")
    #expect(render.stderr.isEmpty, "groff warns:\n\(render.stderr)")
    for heading in ["NAME", "SYNOPSIS", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES"] {
      #expect(render.stdout.contains("\n" + heading + "\n"), "\(heading)")
    }
    #expect(render.stdout.contains(#"metrobuddy -q reload 132 --key "monthly-$(date +\%Y-\%m)""#))
  }

  @Test(
    "groff -man -ww -z (the default device too, not only utf8) finds nothing to warn about",
    .enabled(if: Shells.path("groff") != nil, "groff is not installed (.ci/run installs groff-base)"))
  func manPageHasNoWarningOnAnyDevice() throws {
    let sandbox = try Sandbox()
    for device in [[], ["-Tutf8"]] {
      let check = try MetroBuddyProcess.run(
        executable: Shells.path("groff")!, ["-man", "-ww", "-z"] + device + [Self.packageRoot + "/man/metrobuddy.1"],
        environment: sandbox.environment, workingDirectory: sandbox.workingDirectory)
      #expect(check.status == 0 && check.stderr.isEmpty, "groff \(device): \(check)")
    }
  }
}
