import Foundation
import Testing

/// A command whose stdout cannot be written does not claim success.
@Suite("Output failures")
struct OutputFailureTests {
  @Test(
    "export, balance and a JSON change to a full device exit 74 and say so",
    .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"))
  func writingToAFullDeviceExits74() throws {
    let sandbox = try Sandbox()
    try sandbox.metrobuddy("reload", "10")
    let binary = try MetroBuddyProcess.binaryPath()
    for arguments in [["export"], ["balance"], ["--json", "reload", "1"]] {
      let result = try MetroBuddyProcess.run(
        executable: "/bin/sh", ["-c", "exec \"$0\" \"$@\" > /dev/full", binary, "--store", sandbox.store] + arguments,
        environment: sandbox.environment, workingDirectory: sandbox.workingDirectory)
      #expect(result.status == 74, "\(arguments): \(result)")
      #expect(result.stderr.hasPrefix("Error: Cannot write the output: No space left on device."), "\(result)")
    }
    // The reload whose confirmation could not be printed was saved.
    #expect(try sandbox.metrobuddy("balance").stdout == "$11.00\n")
  }
}
