import MetroKit

/// `report --format html`: the statement as one self-contained page, for a
/// browser to show or print to PDF. It is XHTML (well-formed XML, served as
/// HTML) with its style and its chart inline: no script, no font, no image
/// and no link leaves the page. The words and figures are ``ReportText``'s.
struct ReportPage {
  let report: ReportText

  var text: Localizer { report.text }
  var statement: MonthlyStatement { report.statement }

  /// `text` with the five characters XML gives meaning to escaped.
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }

  /// An element with escaped text and attributes.
  static func element(_ name: String, _ attributes: [(String, String)] = [], _ content: String) -> String {
    "<\(name)" + attributes.map { " \($0.0)=\"\(escaped($0.1))\"" }.joined() + ">" + escaped(content) + "</\(name)>"
  }

  /// The style: plain on screen, and on paper A4 with the table's headings
  /// on every page and no row cut across two.
  static let style = """
    body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1a1a1a;\
    margin:2rem auto;max-width:60rem;padding:0 1rem;line-height:1.4}
    h1{font-size:1.6rem;margin:0 0 1rem}h2{font-size:1.25rem;margin:2rem 0 .5rem;border-bottom:1px solid #999}
    h3{font-size:1rem;margin:1.2rem 0 .4rem}
    table{border-collapse:collapse;font-variant-numeric:tabular-nums}
    th,td{padding:.15rem .5rem;text-align:left;vertical-align:top}
    .charges th,.charges td{border-bottom:1px solid #ddd}.num{text-align:right;white-space:nowrap}
    .heatmap th,.heatmap td{padding:0;width:1.6rem;height:1.3rem;text-align:center;font-size:.7rem}
    .heatmap td{border:1px solid #fff}
    .l0{background:#f4f4f4}.l1{background:#c6dbef}.l2{background:#6baed6}.l3{background:#2171b5;color:#fff}\
    .l4{background:#08306b;color:#fff}
    .chart text{font-size:11px;fill:#1a1a1a}.chart rect{fill:#2171b5}
    .totals p,.closing p{margin:.2rem 0}.closing{margin-top:2rem;font-weight:600}
    footer{margin-top:2rem;color:#666;font-size:.8rem}
    *{-webkit-print-color-adjust:exact;print-color-adjust:exact}
    @page{size:A4;margin:15mm}
    @media print{body{margin:0;max-width:none}thead{display:table-header-group}tr{break-inside:avoid}\
    h2,h3{break-after:avoid}svg{max-width:100%}}
    """

  var page: String {
    let title = text(.report(.title(month: report.month)))
    var page = """
      <!DOCTYPE html>
      <html xmlns="http://www.w3.org/1999/xhtml" lang="\(text.language.rawValue)">
      <head>
      <meta charset="utf-8"/>
      <meta name="viewport" content="width=device-width, initial-scale=1"/>
      <title>\(Self.escaped(title))</title>
      <style>
      \(Self.style)
      </style>
      </head>
      <body>
      \(Self.element("h1", [("id", "title")], title))

      """
    if statement.cards.isEmpty { page += Self.element("p", [("id", "no-rides")], text(.report(.noRides))) + "\n" }
    for (index, card) in statement.cards.enumerated() { page += section(card, number: index + 1) }
    let closing = report.closing
    if !closing.isEmpty {
      page += "<div class=\"closing\">\n"
      for (index, line) in closing.enumerated() {
        let isLimit = index == closing.count - 1 && (statement.limit != nil || statement.currency == .usd)
        page += Self.element("p", isLimit ? [("id", "limit")] : [("id", "all-cards")], line) + "\n"
      }
      page += "</div>\n"
    }
    page += Self.element("footer", [], text(.report(.madeBy(version: MetroBuddy.version)))) + "\n"
    return page + "</body>\n</html>\n"
  }

  /// A card's part: its heading, the chart of spend per week, the
  /// heatmap, the charges and the totals.
  func section(_ card: CardStatement, number: Int) -> String {
    var html = "<section class=\"card\" id=\"card-\(number)\">\n"
    html += Self.element("h2", [], report.heading(card.card)) + "\n"
    guard !card.charges.isEmpty else {
      return html + Self.element("p", [("class", "no-rides")], text(.report(.noRides))) + "\n</section>\n"
    }
    html += Self.element("h3", [], text(.report(.weeksHeading))) + "\n" + chart(card) + "\n"
    html += Self.element("h3", [], text(.report(.heatmapHeading))) + "\n" + heatmap(card.heatmap) + "\n"
    html += Self.element("h3", [], text(.report(.chargesHeading))) + "\n" + charges(card) + "\n"
    html += "<div class=\"totals\">\n"
    let totals = report.totals(card)
    for (index, line) in totals.enumerated() {
      let mode = index < card.byMode.count ? card.byMode[index] : nil
      let attributes: [(String, String)] =
        mode.map { [("class", "mode"), ("data-mode", $0.mode.rawValue)] }
        ?? (index == card.byMode.count
          ? [("class", "total"), ("data-spent", card.totals.spent.plainString(in: card.card.currency))]
          : [("class", "loaded")])
      html += Self.element("p", attributes, line) + "\n"
    }
    return html + "</div>\n</section>\n"
  }

  /// The chart of spend per week: a bar per week, its amount above it and its days below.
  func chart(_ card: CardStatement) -> String {
    let currency = card.card.currency
    let (width, barArea, top, bottom) = (640, 140, 20, 40)
    let slot = width / max(card.weeks.count, 1)
    let largest = card.weeks.map(\.spent.minorUnits).max() ?? 0
    let label = text(.report(.weeksHeading))
    var svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" role=\"img\" width=\"\(width)\" "
      + "height=\"\(top + barArea + bottom)\" viewBox=\"0 0 \(width) \(top + barArea + bottom)\" "
      + "aria-label=\"\(Self.escaped(label))\">\n"
    for (index, week) in card.weeks.enumerated() {
      let height = largest > 0 ? Int(week.spent.minorUnits * Int64(barArea) / largest) : 0
      let x = index * slot + slot / 8
      let days = text(.report(.week(first: text.shortDate(week.first), last: text.shortDate(week.last))))
      let amount = report.money(week.spent, currency)
      svg += "<g class=\"week\" data-start=\"\(week.first)\" data-spent=\"\(week.spent.plainString(in: currency))\">"
      svg += Self.element("title", [], days + ": " + amount)
      svg += "<rect x=\"\(x)\" y=\"\(top + barArea - height)\" width=\"\(slot * 3 / 4)\" height=\"\(height)\"/>"
      svg += Self.element(
        "text",
        [("x", String(x + slot * 3 / 8)), ("y", String(top + barArea - height - 4)), ("text-anchor", "middle")],
        amount)
      // Below the bar, its days of the month alone: the title names the month.
      let numbers = week.first == week.last ? "\(week.first.day)" : "\(week.first.day)\u{2013}\(week.last.day)"
      svg += Self.element(
        "text", [("x", String(x + slot * 3 / 8)), ("y", String(top + barArea + 16)), ("text-anchor", "middle")],
        numbers)
      svg += "</g>\n"
    }
    return svg + "</svg>"
  }

  /// The rides by weekday and hour: a table, each cell shaded by quarters of the busiest hour, with its count.
  func heatmap(_ grid: [[Int]]) -> String {
    let names = Localizer.weekdays(text.language)
    let largest = grid.flatMap { $0 }.max() ?? 0
    var html = "<table class=\"heatmap\">\n<thead><tr><th></th>"
    html += (0..<24).map { "<th>\($0)</th>" }.joined() + "</tr></thead>\n<tbody>\n"
    for (day, hours) in grid.enumerated() {
      html += "<tr>" + Self.element("th", [], names[day])
      html += hours.map { count in
        "<td class=\"l\(StatsText.level(count, of: largest))\">\(count == 0 ? "" : String(count))</td>"
      }.joined()
      html += "</tr>\n"
    }
    return html + "</tbody>\n</table>"
  }

  /// The charges: a row per ride, oldest first.
  func charges(_ card: CardStatement) -> String {
    let headings = report.headings
    var html = "<table class=\"charges\">\n<thead><tr>"
    html +=
      headings.enumerated().map {
        Self.element("th", $0.offset == 4 || $0.offset == 5 ? [("class", "num")] : [], $0.element)
      }
      .joined()
    html += "</tr></thead>\n<tbody>\n"
    for charge in card.charges {
      let cells = report.row(charge, of: card.card)
      html += "<tr>"
      for (column, cell) in cells.enumerated() {
        let attributes: [(String, String)] =
          switch column {
          case 4: [("class", "num fare")]
          case 5: [("class", "num charged"), ("data-amount", charge.ride.charge.plainString(in: card.card.currency))]
          default: []
          }
        html += Self.element("td", attributes, cell)
      }
      html += "</tr>\n"
    }
    return html + "</tbody>\n</table>"
  }
}
