import Foundation
import Testing

/// Issue 19, item 6: `verify` reads each log once. It checks every record
/// and keeps them; the periods over a cap are found in what they mean,
/// whatever order the read met the rides in (decision 80: before, a ride
/// out of time order read every log again). Counted in bytes of the logs
/// read (`METROBUDDY_TEST_LOG_READS`), never timed.
@Suite("verify reads each log once")
struct VerifyReadTests {
  @Test("verify of 2,400 rides reads the log once, in time order or with a ride backdated")
  func verifyReadsTheLogOnce() throws {
    let root = try makeTemporaryDirectory(prefix: "metrobuddy-verify-reads")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let reads = HotPathReadTests()
    let device = try reads.deviceWithHistory(under: root)
    let log = device.log(of: device.id).count
    let once = try reads.countingReads(device, ["verify"])
    #expect(once.result.status == 0, "\(once.result)")
    #expect(once.result.stdout.contains("is sound"), "\(once.result)")
    // The log once, and the last lines again to check the seal.
    #expect(once.bytes >= log && once.bytes < log + HotPathReadTests.fewBytes, "read \(once.bytes) of \(log)")

    // A ride backdated before the rest: the read meets it out of time
    // order, and still reads the log once.
    let at = HotPathReadTests.iso(Date().addingTimeInterval(-30 * 86_400))
    #expect(try device.metrobuddy(["--card", "a", "swipe", "--at", at]).status == 0)
    let backdated = device.log(of: device.id).count
    let walked = try reads.countingReads(device, ["verify"])
    #expect(walked.result.status == 0, "\(walked.result)")
    #expect(
      walked.bytes >= backdated && walked.bytes < backdated + HotPathReadTests.fewBytes,
      "read \(walked.bytes) of \(backdated)")
  }
}
