import Foundation
import Testing

/// Issue 19, item 6: `verify` reads each log once. It checks every record
/// and finds the periods over a cap in that one read when it meets a
/// card's rides in the merged order; a walk of the history in the merged
/// order (which reads every log again, twice) is for the cards whose rides
/// came otherwise. Counted in bytes of the logs read
/// (`METROBUDDY_TEST_LOG_READS`), never timed.
@Suite("verify reads each log once")
struct VerifyReadTests {
  @Test("verify of 2,400 rides in time order reads the log once; with a ride backdated it walks them again")
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
    // order, and the card's rides are walked in the merged order.
    let at = HotPathReadTests.iso(Date().addingTimeInterval(-30 * 86_400))
    #expect(try device.metrobuddy(["--card", "a", "swipe", "--at", at]).status == 0)
    let walked = try reads.countingReads(device, ["verify"])
    #expect(walked.result.status == 0, "\(walked.result)")
    // The control: the count sees a log read more than once.
    #expect(walked.bytes > log + HotPathReadTests.fewBytes, "read \(walked.bytes) of \(log)")
  }
}
