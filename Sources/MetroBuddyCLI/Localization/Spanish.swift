/// The Spanish catalogue.
enum Spanish {
  static func text(_ message: Message) -> String {
    English.text(message)
  }
}
