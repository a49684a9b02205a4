import MetroKit

/// The result of reading the command line against the command definitions.
struct ParsedCommand: Equatable {
  /// The command's path below the root: `["card", "add"]`; empty for the root.
  var path: [String] = []
  /// Option values by long name, in the order given.
  var values: [String: [String]] = [:]
  /// Flags given, by long name.
  var flags: Set<String> = []
  /// Positional arguments.
  var arguments: [String] = []
  /// The time zone typed options read local times and days in (the runner sets the process's).
  var timeZone = LocalTimeZone.utc

  func value(_ name: String) -> String? { values[name]?.last }
  func has(_ flag: String) -> Bool { flags.contains(flag) }
  /// Whether the option or flag `name` was given at all.
  func gave(_ name: String) -> Bool { values[name] != nil || flags.contains(name) }
}

/// A mistake on the command line: what was wrong, and for which command.
struct UsageError: Error, Equatable {
  var message: Message
  /// The path of the command whose usage to show.
  var path: [String]
}

/// Reads arguments the way swift-argument-parser does: options before or
/// after the command, `--name value` and `--name=value`, grouped short flags,
/// `--` to end options, and "Did you mean" for a mistyped name.
///
/// It walks the tree of command types, not the tree of definitions: a
/// command's definition is built only when the parser reaches its level, so
/// `swipe` builds the definitions of `show` and `swipe`, not of every
/// command (help, the man page and the completions use the whole tree,
/// ``MetroBuddy/root``).
struct ArgumentParser {
  /// The root command's own definition; its subcommands are `commands`.
  let root: CommandSpec
  /// The command types below the root.
  let commands: [any CommandNode.Type]
  let globalOptions: [OptionSpec]

  func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommand {
    var parsed = ParsedCommand()
    var command = root
    var level = commands
    var onlyPositionals = false
    var index = 0
    while index < arguments.count {
      let token = arguments[index]
      index += 1
      // "-5" is a (negative) value, not an option: let the command say what is wrong with it.
      let isNegativeNumber = token.count > 1 && token.dropFirst().first.map { $0.isASCII && $0.isNumber } == true
      if onlyPositionals || token == "-" || !token.hasPrefix("-") || isNegativeNumber {
        if !onlyPositionals, parsed.arguments.isEmpty, !level.isEmpty {
          guard let sub = level.first(where: { $0.spec.name == token }) else {
            // `card help add` is `card add --help`, as swift-argument-parser reads it.
            if token == "help", !parsed.path.isEmpty, !parsed.has("help") {
              parsed.flags.insert("help")
              continue
            }
            if command.arguments.isEmpty {
              throw UsageError(message: unknownCommand(token, among: level), path: parsed.path)
            }
            parsed.arguments.append(token)
            continue
          }
          command = sub.spec
          level = sub.subcommands
          parsed.path.append(token)
          continue
        }
        parsed.arguments.append(token)
        continue
      }
      if token == "--" {
        onlyPositionals = true
        continue
      }
      let available = command.options + globalOptions
      if token.hasPrefix("--") {
        let body = token.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
        guard let option = available.first(where: { $0.name == name }) else {
          throw UsageError(message: unknownOption("--" + name, among: available), path: parsed.path)
        }
        if option.isFlag {
          guard inlineValue == nil else {
            throw UsageError(message: .flagTakesNoValue(name), path: parsed.path)
          }
          parsed.flags.insert(option.name)
        } else {
          let value: String
          if let inlineValue {
            value = inlineValue
          } else {
            guard index < arguments.count else {
              throw UsageError(message: .missingValue(option.synopsis), path: parsed.path)
            }
            value = arguments[index]
            index += 1
          }
          parsed.values[option.name, default: []].append(value)
        }
        continue
      }
      // One or more short flags: -q, -qh.
      for character in token.dropFirst() {
        guard let option = available.first(where: { $0.short == character }), option.isFlag else {
          throw UsageError(message: unknownOption("-" + String(character), among: available), path: parsed.path)
        }
        parsed.flags.insert(option.name)
      }
    }
    // Bytes that are not UTF-8 reach us as U+FFFD, so two different keys could become one: refuse them.
    if let token = arguments.first(where: { $0.unicodeScalars.contains("\u{FFFD}") }) {
      throw UsageError(message: .invalidUTF8(token), path: parsed.path)
    }
    return parsed
  }

  private func unknownCommand(_ token: String, among level: [any CommandNode.Type]) -> Message {
    .unknownCommand(token, suggestion: Suggestion.closest(to: token, among: level.map { $0.spec.name }))
  }

  private func unknownOption(_ token: String, among options: [OptionSpec]) -> Message {
    guard token.hasPrefix("--"),
      let suggestion = Suggestion.closest(to: String(token.dropFirst(2)), among: options.map(\.name))
    else { return .unknownOption(token, suggestion: nil) }
    return .unknownOption(token, suggestion: "--" + suggestion)
  }
}

/// Finds the name a person most likely meant.
enum Suggestion {
  /// The candidate within two edits of `text` (or starting with it), nearest first.
  static func closest(to text: String, among candidates: [String]) -> String? {
    let length = text.count
    let most = max(1, min(2, length / 2))
    // Two lengths further apart than `most` are further apart in edits too:
    // a long mistake (a megabyte pasted) is not compared letter by letter.
    let scored = candidates.filter { abs($0.count - length) <= most }.map { ($0, distance(text, $0)) }
    if let best = scored.filter({ $0.1 <= most }).min(by: { $0.1 < $1.1 }) {
      return best.0
    }
    if text.count >= 2 { return candidates.first { $0.hasPrefix(text) } }
    return nil
  }

  /// The Levenshtein distance between two strings.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
