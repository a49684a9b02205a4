import Testing

@testable import MetroKit

@Suite("CardName")
struct CardNameTests {
  @Test(
    "Names of 1 to 32 lower-case letters, digits, '-' and '_', starting with a letter or digit, are valid",
    arguments: [
      "default", "a", "7", "work-2", "bus_pass", "a-", "a_", String(repeating: "x", count: 32),
    ])
  func validNames(name: String) throws {
    #expect(CardName.isValid(name))
    try CardName.validate(name)
  }

  @Test(
    "Other names are refused",
    arguments: [
      "", "-x", "_x", "-", "_", "Work", "work card", "work.2", "wörk", "ｗork", "work\n", " work",
      String(repeating: "x", count: 33),
    ])
  func invalidNames(name: String) {
    #expect(!CardName.isValid(name))
    #expect(throws: MetroError.invalidCardName(name)) { try CardName.validate(name) }
  }
}
