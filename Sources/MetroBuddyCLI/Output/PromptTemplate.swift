import MetroKit

/// A `show --format` template: text with placeholders such as `{balance}`,
/// for a shell prompt or a status line. `{{` and `}}` stand for braces.
struct PromptTemplate: Equatable {
  /// The placeholders a template may use.
  static let placeholders = [
    "name", "balance", "fare", "ridesLeft", "expirationDate", "daysToExpiration", "serialNumber",
  ]

  enum Segment: Equatable {
    case text(String)
    case placeholder(String)
  }

  let segments: [Segment]

  /// Why a template was refused.
  struct Failure: Error, Equatable {
    var problem: TemplateProblem
  }

  /// Parses a template, refusing unknown placeholders and unbalanced braces.
  init(_ template: String) throws(Failure) {
    var segments: [Segment] = []
    var text = ""
    var index = template.startIndex
    while index < template.endIndex {
      let character = template[index]
      let next = template.index(after: index)
      if character == "{" {
        if next < template.endIndex, template[next] == "{" {
          text.append("{")
          index = template.index(after: next)
          continue
        }
        guard let close = template[next...].firstIndex(of: "}") else {
          throw Failure(problem: .unclosed)
        }
        let name = String(template[next..<close])
        guard Self.placeholders.contains(name) else {
          throw Failure(problem: .unknownPlaceholder(name, known: Self.placeholders))
        }
        if !text.isEmpty { segments.append(.text(text)) }
        text = ""
        segments.append(.placeholder(name))
        index = template.index(after: close)
        continue
      }
      if character == "}" {
        guard next < template.endIndex, template[next] == "}" else {
          throw Failure(problem: .unopened)
        }
        text.append("}")
        index = template.index(after: next)
        continue
      }
      text.append(character)
      index = next
    }
    if !text.isEmpty { segments.append(.text(text)) }
    self.segments = segments
  }

  /// The template filled in for `card`; unset values are empty.
  func render(_ card: MetroCard, at moment: Moment, today: CalendarDate, money: (Money, Currency) -> String) -> String {
    segments.map { segment in
      switch segment {
      case .text(let text): return text
      case .placeholder(let name): return value(name, card, moment: moment, today: today, money: money)
      }
    }.joined()
  }

  private func value(
    _ name: String, _ card: MetroCard, moment: Moment, today: CalendarDate, money: (Money, Currency) -> String
  ) -> String {
    switch name {
    case "name": card.name
    case "balance": money(CardText.shown(card.balance, for: card), card.currency)
    case "fare": money(moment.fare(card), card.currency)
    case "ridesLeft": String(moment.ridesLeft(card))
    case "expirationDate": card.expirationDate?.description ?? ""
    case "daysToExpiration": card.expirationDate.map { String(today.days(until: $0)) } ?? ""
    case "serialNumber": card.serialNumber ?? ""
    default: ""
    }
  }
}
