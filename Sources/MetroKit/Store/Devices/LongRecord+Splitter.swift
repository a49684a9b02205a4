extension LongRecord {
  /// Finds the changes in the `changes` array, a window at a time.
  struct Splitter {
    private var state = State.firstElement
    private var nesting = JSONNesting()
    /// Where the change being read starts in the log.
    private(set) var elementStart: Int64 = 0

    var inElement: Bool { state == .inElement }

    enum Stop { case needMore, closed, irregular }

    /// Reads `bytes` (which start at `base` in the log) from `index`,
    /// adding each whole change's range; stops at the array's `]` (with
    /// `index` on it), at a byte out of place, or at the end of `bytes`.
    mutating func split(
      _ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int, base: Int64, into found: inout [Range<Int>]
    ) -> Stop {
      var at = index
      defer { index = at }
      while at < bytes.count {
        let byte = bytes[at]
        if state == .inElement {
          // A change longer than any the store writes is not a record's.
          if base + Int64(at) - elementStart >= LongRecord.maximumChangeLength { return .irregular }
          switch nesting.take(byte) {
          case .inside: break
          case .closedOutermost:
            found.append(Int(elementStart - base)..<(at + 1))
            state = .afterElement
          case .newline: return .irregular
          }
        } else if byte == UInt8(ascii: "{"), state != .afterElement {
          state = .inElement
          nesting = JSONNesting(depth: 1)
          elementStart = base + Int64(at)
        } else if byte == UInt8(ascii: ","), state == .afterElement {
          state = .element
        } else if byte == UInt8(ascii: "]"), state != .element {
          return .closed
        } else {
          return .irregular
        }
        at += 1
      }
      return .needMore
    }
  }

  fileprivate enum State { case firstElement, element, inElement, afterElement }
}
