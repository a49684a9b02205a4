/// A small, strict reader of XML 1.0 documents for tests: it refuses what
/// is not well-formed (an unclosed or mismatched tag, an attribute given
/// twice or unquoted, a bare `&` or `<` in text, an unknown entity, a
/// second root) and gives the tree of elements. It reads what the
/// project's pages hold: an optional declaration, a doctype without an
/// internal subset, comments, elements, attributes, text, character
/// references, the five predefined entities and CDATA. No namespaces are
/// resolved: `xmlns` is an attribute like any other.
public struct XMLElement: Sendable, Equatable {
  /// The tag name.
  public var name: String
  /// The attributes, in the document's order.
  public var attributes: [(String, String)]
  /// The children: elements and text, in order.
  public var children: [XMLNode]

  public static func == (a: XMLElement, b: XMLElement) -> Bool {
    a.name == b.name && a.attributes.map(\.0) == b.attributes.map(\.0)
      && a.attributes.map(\.1) == b.attributes.map(\.1) && a.children == b.children
  }

  /// The value of attribute `name`, if present.
  public subscript(attribute name: String) -> String? { attributes.first { $0.0 == name }?.1 }

  /// Every text inside, in document order, joined.
  public var text: String {
    children.map { child in
      switch child {
      case .text(let text): text
      case .element(let element): element.text
      }
    }.joined()
  }

  /// This element and every element below it, in document order.
  public var descendants: [XMLElement] {
    [self]
      + children.flatMap { child -> [XMLElement] in
        if case .element(let element) = child { return element.descendants }
        return []
      }
  }

  /// The descendants named `name` (this element included).
  public func all(_ name: String) -> [XMLElement] { descendants.filter { $0.name == name } }

  /// The descendants whose `class` attribute holds `name` among its words.
  public func all(class name: String) -> [XMLElement] {
    descendants.filter { $0[attribute: "class"]?.split(separator: " ").contains(Substring(name)) ?? false }
  }

  /// The descendant whose `id` is `id`.
  public func element(id: String) -> XMLElement? { descendants.first { $0[attribute: "id"] == id } }
}

/// A child of an element.
public enum XMLNode: Sendable, Equatable {
  case element(XMLElement)
  case text(String)
}

/// Why a document is not well-formed: the problem and the byte offset where it was found.
public struct XMLProblem: Error, Equatable, CustomStringConvertible {
  public var problem: String
  public var offset: Int
  public var description: String { "\(problem) at byte \(offset)" }
}

/// Reads a document: ``parse(_:)``.
public enum XMLTree {
  /// The root element of `document`, or the first problem that makes it not well-formed.
  public static func parse(_ document: String) throws(XMLProblem) -> XMLElement {
    var reader = Reader(bytes: Array(document.utf8))
    return try reader.document()
  }

  struct Reader {
    let bytes: [UInt8]
    var at = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    func fail(_ problem: String) -> XMLProblem { XMLProblem(problem: problem, offset: at) }

    func starts(with text: String) -> Bool {
      let utf8 = Array(text.utf8)
      return at + utf8.count <= bytes.count && Array(bytes[at..<at + utf8.count]) == utf8
    }

    mutating func skipSpace() {
      while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
    }

    /// Skips past `end`, or fails: for comments, the declaration and processing instructions.
    mutating func skip(past end: String, _ what: String) throws(XMLProblem) {
      while at < bytes.count {
        if starts(with: end) {
          at += end.utf8.count
          return
        }
        at += 1
      }
      throw fail("unterminated \(what)")
    }

    /// Comments, processing instructions and white space, where markup may come between elements.
    mutating func miscellany() throws(XMLProblem) {
      while true {
        skipSpace()
        if starts(with: "<!--") {
          at += 4
          try skip(past: "-->", "comment")
        } else if starts(with: "<?") {
          try skip(past: "?>", "processing instruction")
        } else {
          return
        }
      }
    }

    mutating func document() throws(XMLProblem) -> XMLElement {
      try miscellany()
      if starts(with: "<!DOCTYPE") {
        // A doctype without an internal subset (no `[`).
        while at < bytes.count, bytes[at] != UInt8(ascii: ">") {
          if bytes[at] == UInt8(ascii: "[") { throw fail("a doctype's internal subset is not read") }
          at += 1
        }
        guard at < bytes.count else { throw fail("unterminated doctype") }
        at += 1
      }
      try miscellany()
      guard starts(with: "<") else { throw fail("no root element") }
      let root = try element()
      try miscellany()
      guard at == bytes.count else { throw fail("content after the root element") }
      return root
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
      byte >= 0x80 || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
        || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F || byte == 0x3A || byte == 0x2E
    }

    mutating func name() throws(XMLProblem) -> String {
      let start = at
      while at < bytes.count, Self.isNameByte(bytes[at]) { at += 1 }
      guard at > start, !(0x30...0x39).contains(bytes[start]), bytes[start] != 0x2D, bytes[start] != 0x2E else {
        throw fail("a name was expected")
      }
      return String(decoding: bytes[start..<at], as: UTF8.self)
    }

    mutating func element() throws(XMLProblem) -> XMLElement {
      at += 1  // <
      var element = XMLElement(name: try name(), attributes: [], children: [])
      while true {
        let hadSpace = at < bytes.count && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at])
        skipSpace()
        guard at < bytes.count else { throw fail("unterminated start tag <\(element.name)>") }
        if starts(with: "/>") {
          at += 2
          return element
        }
        if bytes[at] == UInt8(ascii: ">") {
          at += 1
          break
        }
        guard hadSpace else { throw fail("attributes must be separated by white space") }
        let attribute = try name()
        skipSpace()
        guard at < bytes.count, bytes[at] == UInt8(ascii: "=") else { throw fail("'=' expected after \(attribute)") }
        at += 1
        skipSpace()
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else {
          throw fail("the value of \(attribute) is not quoted")
        }
        let quote = bytes[at]
        at += 1
        let value = try characters(until: quote, inAttribute: true)
        at += 1
        guard element[attribute: attribute] == nil else { throw fail("attribute \(attribute) given twice") }
        element.attributes.append((attribute, value))
      }
      while true {
        guard at < bytes.count else { throw fail("<\(element.name)> is never closed") }
        if starts(with: "</") {
          at += 2
          let closing = try name()
          skipSpace()
          guard closing == element.name, at < bytes.count, bytes[at] == UInt8(ascii: ">") else {
            throw fail("</\(closing)> closes <\(element.name)>")
          }
          at += 1
          return element
        } else if starts(with: "<!--") {
          at += 4
          try skip(past: "-->", "comment")
        } else if starts(with: "<![CDATA[") {
          at += 9
          let start = at
          try skip(past: "]]>", "CDATA section")
          element.children.append(.text(String(decoding: bytes[start..<at - 3], as: UTF8.self)))
        } else if starts(with: "<?") {
          try skip(past: "?>", "processing instruction")
        } else if bytes[at] == UInt8(ascii: "<") {
          element.children.append(.element(try self.element()))
        } else {
          element.children.append(.text(try characters(until: UInt8(ascii: "<"), inAttribute: false)))
        }
      }
    }

    /// Text up to (not including) `end`, its references replaced.
    mutating func characters(until end: UInt8, inAttribute: Bool) throws(XMLProblem) -> String {
      var result: [UInt8] = []
      while at < bytes.count, bytes[at] != end {
        let byte = bytes[at]
        if byte == UInt8(ascii: "<") { throw fail("a bare '<' in an attribute value") }
        if !inAttribute, starts(with: "]]>") { throw fail("']]>' in text") }
        if byte == UInt8(ascii: "&") {
          result += Array(try reference().utf8)
        } else {
          result.append(byte)
          at += 1
        }
      }
      guard at < bytes.count || !inAttribute else { throw fail("unterminated attribute value") }
      return String(decoding: result, as: UTF8.self)
    }

    /// `&name;` or `&#N;` or `&#xN;`.
    mutating func reference() throws(XMLProblem) -> String {
      let start = at
      at += 1
      while at < bytes.count, bytes[at] != UInt8(ascii: ";") {
        guard at - start < 12 else {
          at = start
          throw fail("a bare '&' (write &amp;)")
        }
        at += 1
      }
      guard at < bytes.count else {
        at = start
        throw fail("a bare '&' (write &amp;)")
      }
      let body = String(decoding: bytes[start + 1..<at], as: UTF8.self)
      at += 1
      switch body {
      case "amp": return "&"
      case "lt": return "<"
      case "gt": return ">"
      case "quot": return "\""
      case "apos": return "'"
      default:
        let number: UInt32? =
          body.hasPrefix("#x")
          ? UInt32(body.dropFirst(2), radix: 16) : body.hasPrefix("#") ? UInt32(body.dropFirst()) : nil
        guard let number, let scalar = Unicode.Scalar(number) else {
          at = start
          throw fail("unknown entity &\(body);")
        }
        return String(Character(scalar))
      }
    }
  }
}
