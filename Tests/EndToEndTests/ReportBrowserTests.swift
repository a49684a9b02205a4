import Foundation
import Testing

/// Debian's Chromium, when installed.
let chromiumPath = Shells.path("chromium") ?? Shells.path("chromium-browser")

/// `report --format html` opened in a real browser (issue 37, item 3):
/// headless Chromium reads the page the shipped binary wrote and prints it
/// to PDF. `.ci/run` installs Debian's `chromium` when it is missing.
///
/// The browser is kept off the network: no background networking,
/// component updates, sync, crash reports or safe-browsing checks, and a
/// resolver rule that makes every host name fail to resolve; the page
/// itself names nothing outside it (`ReportPageTests`).
@Suite(
  "A browser renders and prints the statement",
  .enabled(if: chromiumPath != nil, "chromium is not installed (.ci/run installs it)"))
struct ReportBrowserTests {

  /// Three rides in October 2025 at that year's $2.90 on a card of OMNY's
  /// kind, and its statement as a page in the sandbox.
  static func page(_ sandbox: Sandbox) throws -> String {
    try #require(sandbox.metrobuddy("card", "add", "work", "--kind", "contactless").status == 0)
    for time in ["2025-10-06T08:10-04:00", "2025-10-06T18:05-04:00", "2025-10-07T08:10-04:00"] {
      try #require(sandbox.metrobuddy("--card", "work", "swipe", "--at", time).status == 0)
    }
    let page = try sandbox.metrobuddy("--card", "work", "report", "--month", "2025-10", "--format", "html")
    try #require(page.status == 0, "\(page)")
    let path = sandbox.workingDirectory + "/statement.html"
    try page.stdout.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// Runs headless Chromium on `arguments` with a profile and HOME inside the sandbox.
  static func chromium(_ arguments: [String], in sandbox: Sandbox) throws -> ProcessResult {
    let flags = [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
      "--no-default-browser-check",
      "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-default-apps",
      "--disable-extensions", "--disable-breakpad", "--disable-domain-reliability",
      "--disable-client-side-phishing-detection", "--metrics-recording-only", "--no-proxy-server",
      "--host-resolver-rules=MAP * ~NOTFOUND", "--user-data-dir=" + sandbox.root + "/chromium-profile",
    ]
    return try MetroBuddyProcess.run(
      executable: chromiumPath!, flags + arguments,
      environment: ["HOME": sandbox.home, "PATH": "/usr/bin:/bin", "TZ": "UTC", "LC_ALL": "C"],
      workingDirectory: sandbox.workingDirectory, timeLimit: 120)
  }

  /// What the browser shows, as the page's `innerText` (which leaves out
  /// what is hidden): a copy of the page with a script that replaces its
  /// body by that text, dumped after it ran.
  @Test func theRenderedPageCarriesTheMonthsTotals() throws {
    let sandbox = try Sandbox()
    let path = try Self.page(sandbox)
    let page = try String(contentsOfFile: path, encoding: .utf8)
    let script = """
      <script>
      var shown = document.body.innerText; var pre = document.createElement('pre'); pre.id = 'rendered';
      pre.textContent = shown; document.body.replaceChildren(pre);
      </script>
      </body>
      """
    let probe = sandbox.workingDirectory + "/probe.html"
    try page.replacingOccurrences(of: "</body>", with: script).write(toFile: probe, atomically: true, encoding: .utf8)
    let dom = try Self.chromium(["--dump-dom", "file://" + probe], in: sandbox)
    #expect(dom.status == 0, "\(dom)")
    let start = try #require(dom.stdout.range(of: "<pre id=\"rendered\">"), "\(dom.stdout.prefix(2000))")
    let end = try #require(dom.stdout.range(of: "</pre>", range: start.upperBound..<dom.stdout.endIndex))
    let shown = String(dom.stdout[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    let lines = shown.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines.first == "Statement for October 2025", "\(shown)")
    #expect(lines.contains("Total: 3 rides, $8.70 charged; the cap saved $0.00."), "\(shown)")
    #expect(lines.contains("Commuter benefit limit: $325.00 a month (IRS, 2025); $316.30 left."), "\(shown)")
    // The charges table, a row each, its cells apart.
    #expect(lines.contains { $0.hasPrefix("2025-10-06\t18:05\tsubway\tpaid\t$2.90\t$2.90") }, "\(shown)")
  }

  @Test func itPrintsToANonEmptyPDF() throws {
    let sandbox = try Sandbox()
    let path = try Self.page(sandbox)
    let pdf = sandbox.workingDirectory + "/statement.pdf"
    let printed = try Self.chromium(["--no-pdf-header-footer", "--print-to-pdf=" + pdf, "file://" + path], in: sandbox)
    #expect(printed.status == 0, "\(printed)")
    let bytes = try #require(FileManager.default.contents(atPath: pdf))
    #expect(bytes.count > 1_000)
    #expect(bytes.starts(with: Data("%PDF-".utf8)))
    let tail = String(decoding: bytes.suffix(16), as: UTF8.self)
    #expect(tail.contains("%%EOF"), "\(tail)")
    // Pages of A4 (595 x 842 points, as the page's @page asks), with fonts: text, not an image.
    let text = String(decoding: bytes, as: UTF8.self)
    let (hasPages, hasFonts) = (text.contains("/Type /Page"), text.contains("/FontFile"))
    let isA4 = text.contains("/MediaBox [0 0 594.95996 841.91998]")
    #expect(hasPages && hasFonts && isA4)
  }
}
