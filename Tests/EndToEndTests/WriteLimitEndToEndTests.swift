import Foundation
import Testing

/// Issue 20, item 7, seen from outside: a balance set against large amounts
/// that devices recorded apart is refused with nothing written, and every
/// device goes on reading the store.
@Suite("Limits before writing, across processes")
struct WriteLimitEndToEndTests {
  @Test("balance 0 against six devices' largest adjustments is refused (64), the store unchanged, every device reads")
  func balanceAgainstMergedImports() throws {
    let sandbox = try Sandbox()
    let csv = sandbox.root + "/largest.csv"
    try Data("timestamp,type,amount\n2026-11-20T10:00:00Z,adjustment,10000000000.00\n".utf8).write(
      to: URL(fileURLWithPath: csv))
    // Six devices, apart, each import the largest adjustment a card takes.
    let devices = ["laptop", "phone", "tablet", "desk", "watch", "car"]
    for device in devices {
      let apart = sandbox.root + "/apart-" + device
      let imported = try sandbox.run(
        ["--store", apart, "import", csv],
        environment: sandbox.environment.merging(["METROBUDDY_DEVICE": device]) { $1 })
      try #require(imported.status == 0, "\(imported)")
    }
    // A synchroniser brings every device's folder into one store.
    try FileManager.default.createDirectory(atPath: sandbox.store + "/devices", withIntermediateDirectories: true)
    for device in devices {
      try FileManager.default.copyItem(
        atPath: sandbox.root + "/apart-" + device + "/devices/" + device, toPath: sandbox.store + "/devices/" + device)
    }
    func run(_ device: String, _ arguments: String...) throws -> ProcessResult {
      try sandbox.run(
        ["--store", sandbox.store] + arguments,
        environment: sandbox.environment.merging(["METROBUDDY_DEVICE": device]) { $1 })
    }
    let before = try everything(under: sandbox.store).map { ($0, fileBytes($0)) }
    let balance = try run("laptop", "balance", "0")
    #expect(balance.status == 64, "\(balance)")
    #expect(
      balance.stderr == "Error: The balance would be out of range (below 0.00 or above 10000000000.00).\n", "\(balance)"
    )
    let after = try everything(under: sandbox.store).map { ($0, fileBytes($0)) }
    #expect(after.map(\.0) == before.map(\.0))
    #expect(after.map(\.1) == before.map(\.1))
    for device in devices {
      let show = try run(device, "--json", "show")
      #expect(show.status == 0, "\(device): \(show)")
      #expect(show.stdout.contains("60000000000.00"), "\(device): \(show)")
    }
    let verify = try run("phone", "verify")
    #expect(verify.status == 0, "\(verify)")
  }
}
