/// The Italian catalogue.
enum Italian {
  static func text(_ message: Message) -> String {
    English.text(message)
  }
}
