import Foundation
import Testing

/// Two cards made apart under one name (issue 20, item 13): every command
/// that resolves the name warns once, and `card merge KEEP OTHER` moves the
/// other card's whole history, opening balance included, into the kept one,
/// the same on every device whatever the order things arrive in. Carried by
/// git between real processes.
@Suite(
  "Same name, two cards: warned, then merged",
  .enabled(if: SyncTools.git != nil, "git is not installed (.ci/run installs it with apt-get)"))
struct CardMergeTests {
  final class Pair {
    let root: String
    let laptop: SyncDevice
    let desktop: SyncDevice
    let git: SyncGitCarrier

    init() throws {
      root = try makeTemporaryDirectory(prefix: "metrobuddy-merge")
      laptop = try SyncDevice(index: 0, id: "laptop", under: root)
      desktop = try SyncDevice(index: 1, id: "desktop", under: root)
      git = try SyncGitCarrier(git: try #require(SyncTools.git), under: root)
      try git.prepare([laptop, desktop])
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Runs and requires success.
    @discardableResult
    func run(_ device: SyncDevice, _ arguments: String...) throws -> ProcessResult {
      let result = try device.metrobuddy(arguments)
      try #require(result.status == 0, "\(device.id) \(arguments): \(result)")
      return result
    }

    func sync() throws {
      for device in [laptop, desktop, laptop] { _ = try git.sync(device) }
    }

    /// Each device made its own `work` while apart: the laptop's $20.00 with
    /// a ride ($17.00), the desktop's $10.00 with a ride and a $5.00 reload
    /// ($12.00); each then sees both.
    func twoWorkCards() throws {
      try run(laptop, "card", "add", "work", "--balance", "20")
      try run(laptop, "swipe", "--card", "work", "--at", "2026-03-02T09:00:00Z")
      try run(desktop, "card", "add", "work", "--balance", "10")
      try run(desktop, "swipe", "--card", "work", "--at", "2026-03-02T09:10:00Z")
      try run(desktop, "reload", "5", "--card", "work", "--at", "2026-03-02T12:00:00Z")
      try sync()
    }

    func cards(_ device: SyncDevice) throws -> [String: String] {
      let cards = try parseJSONArray(try run(device, "cards", "--json").stdout)
      return Dictionary(
        uniqueKeysWithValues: cards.map { ($0["name"] as? String ?? "?", $0["balance"] as? String ?? "?") })
    }

    /// What a device shows of `work`, for comparing devices.
    func workHistory(_ device: SyncDevice) throws -> String {
      try run(device, "history", "--card", "work", "--json").stdout
    }
  }

  @Test("a name two cards share warns once per command, and says how to merge them")
  func sharedNameWarns() throws {
    let pair = try Pair()
    try pair.twoWorkCards()
    // Which of the two is `work` depends on which was made first (by the
    // records' times, then device ids); both are listed.
    let listed = try pair.cards(pair.laptop)
    #expect(Set(listed.keys) == ["default", "work", "work~2"], "\(listed)")
    #expect(listed.values.sorted() == ["0.00", "12.00", "17.00"], "\(listed)")
    let show = try pair.run(pair.laptop, "show", "--card", "work")
    let warning =
      "Warning: \(pair.laptop.store): 2 cards are named 'work' (made apart on two devices), shown as 'work', "
      + "'work~2'; 'work' means the first made. Merge them with 'metrobuddy card merge work work~2', or rename one "
      + "with 'metrobuddy card rename work~2 <new>'.\n"
    #expect(show.stderr == warning, "\(show)")
    let swipe = try pair.run(pair.laptop, "swipe", "--card", "work~2", "--at", "2026-03-02T13:00:00Z")
    #expect(swipe.stderr == warning, "\(swipe)")
    // A card no other shares its name with resolves silently.
    let other = try pair.run(pair.laptop, "show", "--card", "default")
    #expect(other.stderr.isEmpty, "\(other)")
  }

  @Test("card merge moves the whole history and opening into the kept card, on both devices")
  func mergeMovesEverything() throws {
    let pair = try Pair()
    try pair.twoWorkCards()
    let merge = try pair.run(pair.laptop, "card", "merge", "work", "work~2")
    #expect(
      merge.stdout
        == "Merged 'work~2' into 'work': its history and opening balance now belong to 'work'. Balance: $29.00.\n",
      "\(merge)")
    #expect(merge.stderr.isEmpty, "\(merge)")
    try pair.sync()
    for device in [pair.laptop, pair.desktop] {
      #expect(try pair.cards(device) == ["default": "0.00", "work": "29.00"], "\(device.id)")
      let history = try pair.run(device, "history", "--card", "work")
      #expect(
        history.stdout == """
          2026-03-02 12:00  reload                +$5.00  $29.00
          2026-03-02 09:10  swipe   subway  paid  -$3.00  $24.00
          2026-03-02 09:00  swipe   subway  paid  -$3.00  $27.00

          """, "\(device.id): \(history)")
      #expect(history.stderr.isEmpty, "\(history)")
      // Both rides count toward one week's cap.
      let show = try pair.run(device, "show", "--card", "work", "--json")
      #expect(try parseJSONObject(show.stdout)["balance"] as? String == "29.00")
      let verify = try pair.run(device, "verify")
      #expect(verify.stdout.contains("is sound"), "\(verify)")
    }
    #expect(try pair.workHistory(pair.laptop) == pair.workHistory(pair.desktop))
    // A fold from the logs alone (no cache) agrees.
    try FileManager.default.removeItem(atPath: pair.desktop.home + "/.cache")
    #expect(try pair.cards(pair.desktop) == ["default": "0.00", "work": "29.00"])
  }

  @Test("a ride on the other card that arrives after the merge still lands in the kept one")
  func lateRideOfTheMergedCard() throws {
    let pair = try Pair()
    try pair.twoWorkCards()
    try pair.run(pair.laptop, "card", "merge", "work", "work~2")
    // The desktop has not seen the merge: it rides its own card, and only
    // then do the two devices meet.
    try pair.run(pair.desktop, "swipe", "--card", "work~2", "--at", "2026-03-02T14:00:00Z")
    try pair.sync()
    for device in [pair.laptop, pair.desktop] {
      #expect(try pair.cards(device) == ["default": "0.00", "work": "26.00"], "\(device.id)")
    }
    #expect(try pair.workHistory(pair.laptop) == pair.workHistory(pair.desktop))
  }

  @Test("a balance set on the other card before the merge sets that card's money, and the merge keeps both")
  func assignmentBeforeTheMerge() throws {
    let pair = try Pair()
    try pair.twoWorkCards()
    // Which card is `work` depends on which was made first: $17.00 (the
    // laptop's $20.00 less a $3.00 ride) or $12.00 (the desktop's $10.00
    // less a ride, plus $5.00). `work~2` is set to $15.00 after every ride
    // and reload of both; the merged card holds both cards' money.
    let kept = try #require(try pair.cards(pair.laptop)["work"])
    #expect(["17.00", "12.00"].contains(kept))
    let merged = kept == "17.00" ? "32.00" : "27.00"
    try pair.run(pair.laptop, "balance", "15", "--card", "work~2")
    try pair.run(pair.laptop, "card", "merge", "work", "work~2")
    try pair.sync()
    for device in [pair.laptop, pair.desktop] {
      #expect(try pair.cards(device) == ["default": "0.00", "work": merged], "\(device.id)")
    }
    #expect(try pair.workHistory(pair.laptop) == pair.workHistory(pair.desktop))
    try FileManager.default.removeItem(atPath: pair.desktop.home + "/.cache")
    #expect(try pair.cards(pair.desktop) == ["default": "0.00", "work": merged])
  }

  @Test("two devices that merged the two cards each way while apart end with one card, the same on both")
  func mergesBothWays() throws {
    let pair = try Pair()
    try pair.twoWorkCards()
    try pair.run(pair.laptop, "card", "merge", "work", "work~2")
    try pair.run(pair.desktop, "card", "merge", "work~2", "work")
    try pair.sync()
    // The first merge in the merged order stands; the other would close a circle.
    for device in [pair.laptop, pair.desktop] {
      #expect(try pair.cards(device) == ["default": "0.00", "work": "29.00"], "\(device.id)")
    }
    #expect(try pair.workHistory(pair.laptop) == pair.workHistory(pair.desktop))
  }

  @Test("a card is not merged into itself, across currencies, nor with a contactless card; nothing is written")
  func refusals() throws {
    let pair = try Pair()
    try pair.run(pair.laptop, "card", "add", "work", "--balance", "20")
    try pair.run(pair.laptop, "card", "add", "paris", "--currency", "EUR", "--kind", "custom", "--fare", "2.15")
    try pair.run(pair.laptop, "card", "add", "tap", "--kind", "contactless")
    try pair.run(pair.laptop, "--card", "tap", "swipe")
    let before = pair.laptop.log(of: "laptop")
    let same = try pair.laptop.metrobuddy(["card", "merge", "work", "work"])
    #expect(
      same.status == 64 && same.stderr == "Error: 'work' and 'work' are the same card; name two cards to merge.\n")
    let currencies = try pair.laptop.metrobuddy(["card", "merge", "work", "paris"])
    #expect(
      currencies.status == 64
        && currencies.stderr
          == "Error: 'work' holds USD and 'paris' holds EUR: cards in two currencies cannot be merged.\n",
      "\(currencies)")
    // A contactless card's balance is what its rides cost: $40.00 of money
    // and $3.00 of cost are not $37.00 of either, whichever is kept.
    for (keep, other) in [("work", "tap"), ("tap", "work")] {
      let contactless = try pair.laptop.metrobuddy(["card", "merge", keep, other])
      #expect(
        contactless.status == 64
          && contactless.stderr
            == "Error: 'tap' is a contactless card, whose balance is what its rides cost, and 'work' holds money: "
            + "they cannot be merged.\nKeep both, or remove the one you no longer use with "
            + "'metrobuddy card remove <name>'.\n",
        "\(contactless)")
    }
    #expect(pair.laptop.log(of: "laptop") == before)
  }
}
