import Foundation
import MetroKit
import Testing

/// The `--json` forms of the contract, pinned byte for byte.
@Suite("JSON output")
struct JSONOutputTests {
  @Test func aCard() {
    let cli = CLIHarness()
    #expect(
      cli.run("--json")
        == Invocation(
          stdout: """
            {
              "name": "default",
              "isDefault": true,
              "kind": "omny-card",
              "reduced": false,
              "mode": "subway",
              "balance": "0.00",
              "fare": "3.00",
              "fareSource": "standard",
              "currency": "USD",
              "ridesLeft": 0,
              "cap": {
                "paid": "0.00",
                "limit": "35.00",
                "periodStart": null,
                "periodEnd": null,
                "free": false
              },
              "forecast": {
                "ridesPerWeek": 0,
                "runsOutOn": null
              },
              "expirationDate": null,
              "serialNumber": null
            }

            """, stderr: "", status: 0))
    for command in ["balance", "fare", "serial", "expiration", "show"] {
      #expect(cli.run(command, "--json").stdout == cli.run("--json").stdout, "\(command)")
    }
  }

  @Test func aChangeListsTheCardAndTheRecordedUpdates() {
    let cli = CLIHarness()
    cli.run("expiration", "2030-03-20")
    cli.run("serial", "0123456789")
    #expect(
      cli.run("reload", "25", "--key", "monthly-2026-11", "--json").stdout == """
        {
          "card": {
            "name": "default",
            "isDefault": true,
            "kind": "omny-card",
            "reduced": false,
            "mode": "subway",
            "balance": "25.00",
            "fare": "3.00",
            "fareSource": "standard",
            "currency": "USD",
            "ridesLeft": 8,
            "cap": {
              "paid": "0.00",
              "limit": "35.00",
              "periodStart": null,
              "periodEnd": null,
              "free": false
            },
            "forecast": {
              "ridesPerWeek": 0,
              "runsOutOn": null
            },
            "expirationDate": "2030-03-20",
            "serialNumber": "0123456789"
          },
          "updates": [
            {
              "id": "00000000-0000-4000-8000-000000000001",
              "type": "reload",
              "amount": "25.00",
              "balance": "25.00",
              "timestamp": "2026-11-21T13:15:00Z",
              "key": "monthly-2026-11"
            }
          ]
        }

        """)
    let undo = cli.run("--json", "undo").stdout
    #expect(undo.contains(#""undoes": "00000000-0000-4000-8000-000000000001""#))
    #expect(undo.contains(#""amount": "-25.00""#))
    #expect(cli.run("fare", "2.90", "--json").stdout.hasSuffix("  \"updates\": []\n}\n"))
  }

  @Test func historyIsAnArrayNewestFirst() throws {
    let cli = CLIHarness()
    #expect(cli.run("history", "--json").stdout == "[]\n")
    cli.run("reload", "10")
    cli.run("swipe", "--count", "2", "--at", "2026-11-20")
    let data = Data(cli.run("history", "--json").stdout.utf8)
    let array = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    // Newest first in time: the rides given an earlier time come after the reload.
    #expect(array.map { $0["type"] as? String } == ["reload", "swipe", "swipe"])
    #expect(array.map { $0["balance"] as? String } == ["4.00", "-6.00", "-3.00"])
    #expect(array[0]["timestamp"] as? String == "2026-11-21T13:15:00Z")
    #expect(array[2]["timestamp"] as? String == "2026-11-20T00:00:00Z")
  }

  @Test func cardsIsAnArray() throws {
    let cli = CLIHarness()
    cli.run("card", "add", "work")
    let data = Data(cli.run("cards", "--json").stdout.utf8)
    let array = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    #expect(array.map { $0["name"] as? String } == ["default", "work"])
    #expect(array.map { $0["isDefault"] as? Bool } == [true, false])
  }

  @Test func errorsLeaveStdoutEmpty() {
    let cli = CLIHarness()
    let refused = cli.run("swipe", "--json")
    #expect(refused.status == 1)
    #expect(refused.stdout == "")
  }

  @Test func anAlreadyAppliedKeySaysSoOnStderrInJSONMode() throws {
    let cli = CLIHarness()
    cli.run("reload", "5", "--key", "k")
    let again = cli.run("--json", "reload", "5", "--key", "k")
    #expect(again.status == 0)
    #expect(again.stderr == "Reload 'k' was already recorded; nothing changed. Balance: $5.00, 1 ride left.\n")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
    #expect((object["updates"] as? [Any])?.isEmpty == true)
  }
}

@Suite("JSON output of card commands")
struct CardCommandJSONTests {
  @Test func cardUseReportsTheNewDefault() throws {
    let cli = CLIHarness()
    cli.run("card", "add", "work")
    let data = Data(cli.run("--json", "card", "use", "work").stdout.utf8)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let card = try #require(object["card"] as? [String: Any])
    #expect(card["name"] as? String == "work")
    #expect(card["isDefault"] as? Bool == true)
    #expect((object["updates"] as? [Any])?.isEmpty == true)
    #expect(cli.run("--json", "show").stdout.contains(#""name": "work""#))
  }
}
