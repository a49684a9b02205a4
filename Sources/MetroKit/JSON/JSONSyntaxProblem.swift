/// Why bytes are not the one JSON value metrobuddy reads.
public enum JSONSyntaxProblem: Sendable, Equatable {
  /// Text follows the value.
  case textAfterValue
  /// Arrays and objects nest too deeply.
  case nestedTooDeeply
  /// The text ends where more was needed.
  case unexpectedEnd
  /// No value starts here.
  case expectedValue
  /// A digit was needed.
  case expectedDigit
  /// A number starts with a zero.
  case leadingZero
  /// A number too large.
  case numberOutOfRange
  /// A fraction or exponent: only whole numbers are allowed.
  case notWholeNumber
  /// A string is not UTF-8.
  case invalidUTF8
  /// A string does not end.
  case unterminatedString
  /// A lone surrogate in a `\u` escape.
  case loneSurrogate
  /// An escape JSON does not have.
  case invalidEscape
  /// A `\u` escape cut short.
  case unterminatedEscape
  /// A control character inside a string.
  case controlCharacter
  /// An array does not end.
  case unterminatedArray
  /// An object does not end.
  case unterminatedObject
  /// A `,` or `]` was needed.
  case expectedCommaOrBracket
  /// A `,` or `}` was needed.
  case expectedCommaOrBrace
  /// A key (a string) was needed.
  case expectedKey
  /// A `:` was needed.
  case expectedColon
  /// An object names a key twice.
  case duplicateKey(String)
}
