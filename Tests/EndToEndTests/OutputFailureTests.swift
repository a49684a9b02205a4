import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

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

  @Test("a change whose stdout reader has gone exits 74, says so, and stays saved")
  func closedPipeReaderExits74() throws {
    let sandbox = try Sandbox()
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else { throw EndToEndSetupError(description: "pipe") }
    close(descriptors[0])  // the reader is gone before metrobuddy writes a byte
    let errorsPath = sandbox.root + "/stderr"
    guard FileManager.default.createFile(atPath: errorsPath, contents: nil) else {
      throw EndToEndSetupError(description: "create \(errorsPath)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try MetroBuddyProcess.binaryPath())
    process.arguments = ["--store", sandbox.store, "reload", "5"]
    process.environment = sandbox.environment
    process.currentDirectoryURL = URL(fileURLWithPath: sandbox.workingDirectory)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle(fileDescriptor: descriptors[1], closeOnDealloc: true)
    process.standardError = FileHandle(forWritingAtPath: errorsPath)
    try process.run()
    process.waitUntilExit()
    let errors = String(decoding: FileManager.default.contents(atPath: errorsPath) ?? Data(), as: UTF8.self)
    #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus)")
    #expect(process.terminationStatus == 74)
    #expect(errors == "Error: Cannot write the output: Broken pipe. The change was saved; the output is incomplete.\n")
    #expect(try sandbox.metrobuddy("balance").stdout == "$5.00\n")
  }
}
