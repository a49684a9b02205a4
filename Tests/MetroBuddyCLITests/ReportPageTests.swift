import Foundation
import MetroBuddyCLI
import MetroKit
import MetroTesting
import Testing

/// `report --format html` (issue 37, item 3): the page is well-formed XML
/// whose figures are the JSON's, and it needs nothing from outside itself.
/// A browser renders it in `ReportBrowserTests` (EndToEndTests).
@Suite("The statement as a page")
struct ReportPageTests {
  /// The commuter's November of ``ReportGoldenTests/commuter()``: the page and the JSON.
  static func pageAndJSON(language: String? = nil) throws -> (XMLElement, [String: Any], String) {
    let cli = try ReportGoldenTests.commuter()
    let variables = language.map { ["LANG": $0] } ?? [:]
    let page = cli.run(["--card", "work", "report", "--month", "2026-11", "--format", "html"], variables: variables)
    try #require(page.status == 0 && page.stderr == "", "\(page)")
    let json = cli.run(["--card", "work", "--json", "report", "--month", "2026-11"], variables: variables)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    return (try XMLTree.parse(page.stdout), object, page.stdout)
  }

  @Test func theFiguresOnThePageAreTheJSONs() throws {
    let (root, json, _) = try Self.pageAndJSON()
    #expect(root.name == "html" && root[attribute: "xmlns"] == "http://www.w3.org/1999/xhtml")
    #expect(root[attribute: "lang"] == "en")
    #expect(root.element(id: "title")?.text == "Statement for November 2026")
    let card = try #require((json["cards"] as? [[String: Any]])?.first)
    let section = try #require(root.element(id: "card-1"))
    // The charges: a row each, the charged cell's amount the JSON's, in order.
    let charges = try #require(card["charges"] as? [[String: Any]])
    let charged = section.all(class: "charged")
    #expect(charged.map { $0[attribute: "data-amount"] } == charges.map { $0["charged"] as? String })
    #expect(charged.map(\.text) == charges.map { "$" + ($0["charged"] as? String ?? "") })
    #expect(section.all(class: "charges").first?.all("tr").count == 17)
    // The note, escaped on the page, reads back as it was.
    #expect(section.all("td").contains { $0.text == "Client visit, Acme & Co <NYC>" })
    // The total, and each week's bar.
    let total = try #require(section.all(class: "total").first)
    #expect(total[attribute: "data-spent"] == card["spent"] as? String)
    #expect(total.text == "Total: 16 rides, $41.00 charged; the cap saved $4.00.")
    let weeks = try #require(card["weeks"] as? [[String: Any]])
    let bars = section.all(class: "week")
    #expect(bars.map { $0[attribute: "data-spent"] } == weeks.map { $0["spent"] as? String })
    #expect(bars.map { $0[attribute: "data-start"] } == weeks.map { $0["start"] as? String })
    // The tallest bar is the week of $35.00; an empty week's bar has no height.
    let heights = bars.map { $0.all("rect").first?[attribute: "height"].flatMap { Int($0) } }
    #expect(heights == [0, 140, 24, 0, 0, 0])
    // The heatmap's counts, row by row (an empty cell is none).
    let heatmap = try #require(card["heatmap"] as? [[Int]])
    let rows = try #require(section.all(class: "heatmap").first).all("tbody").first?.all("tr") ?? []
    #expect(rows.map { $0.all("td").map { Int($0.text) ?? 0 } } == heatmap)
    // The busiest hours are darkest: two rides (Mondays 08:00, Saturday 12:00) against none.
    #expect(rows[0].all("td")[8][attribute: "class"] == "l4" && rows[0].all("td")[7][attribute: "class"] == "l0")
    #expect(root.element(id: "limit")?.text == "Commuter benefit limit: $340.00 a month (IRS, 2026); $299.00 left.")
  }

  /// No script, and nothing the page would fetch: no `src`, no `href`, no
  /// `url(` or `@import` in its style, no element from outside XHTML and SVG.
  @Test func thePageNeedsNothingFromOutside() throws {
    let (root, _, page) = try Self.pageAndJSON()
    #expect(root.all("script").isEmpty && root.all("link").isEmpty && root.all("img").isEmpty)
    let attributes = root.descendants.flatMap { $0.attributes.map(\.0) }
    #expect(!attributes.contains("src") && !attributes.contains("href") && !attributes.contains("xlink:href"))
    let style = try #require(root.all("style").first?.text)
    #expect(!style.contains("url(") && !style.contains("@import"))
    // The only addresses are the two namespaces' names, which nothing fetches.
    #expect(page.components(separatedBy: "://").count - 1 == 2)
    #expect(
      page.contains("xmlns=\"http://www.w3.org/1999/xhtml\"") && page.contains("xmlns=\"http://www.w3.org/2000/svg\""))
  }

  @Test func inSpanish() throws {
    let (root, _, _) = try Self.pageAndJSON(language: "es_ES.UTF-8")
    #expect(root[attribute: "lang"] == "es")
    #expect(root.element(id: "title")?.text == "Extracto de noviembre de 2026")
    #expect(root.all("th").contains { $0.text == "Cobrado" })
  }

  /// A month with no ride is a page that says so.
  @Test func aMonthWithNoRide() throws {
    let cli = try ReportGoldenTests.commuter()
    let page = cli.run("--card", "work", "report", "--month", "2026-06", "--format", "html")
    let root = try XMLTree.parse(page.stdout)
    #expect(root.element(id: "card-1")?.all(class: "no-rides").first?.text == "No rides this month.")
    #expect(root.element(id: "limit")?.text == "Commuter benefit limit: $340.00 a month (IRS, 2026); $340.00 left.")
  }

  /// The reader the tests above trust refuses what is not well-formed.
  @Test(
    arguments: [
      "<a><b></a></b>", "<a>Acme & Co</a>", "<a x=\"1\" x=\"2\"/>", "<a x=1/>", "<a>1 < 2</a>", "<a></a><b></b>",
      "<a>&nbsp;</a>", "<a>", "<a x=\"<\"/>",
    ])
  func theReaderIsStrict(document: String) {
    #expect(throws: XMLProblem.self) { try XMLTree.parse(document) }
  }

  @Test func theReaderReadsWhatIsWellFormed() throws {
    let root = try XMLTree.parse(
      "<?xml version=\"1.0\"?>\n<!DOCTYPE html>\n<!-- c --><a k='v &amp; w'>x &lt; y<b/><![CDATA[<z>]]>&#233;&#xE9;</a>\n"
    )
    #expect(root.name == "a" && root[attribute: "k"] == "v & w")
    #expect(root.text == "x < y<z>éé" && root.all("b").count == 1)
  }
}
