import FoundationEssentials

/// The ids an import's rows name more than once: a row's own id that
/// another row has too, and every undo's target. Only these must be kept
/// while the rows are decided (``ImportDecider``): an id no later row names
/// needs no room. Found in one reading that does not keep every id: an
/// ``IDFilter`` of the ids read so far says which ids may have been read
/// before, and those are kept with the undos' targets — a few more than
/// needed, never fewer.
enum RepeatedIDs {
  /// The ids `rows` name more than once, or as an undo's target.
  static func find(in rows: some ImportedRows) throws(MetroError) -> Set<UUID> {
    var read = IDFilter()
    var named = Set<UUID>()
    try rows.forEachRow { row in
      if let id = row.id, read.insert(id) { named.insert(id) }
      if let target = row.undoes { named.insert(target) }
    }
    return named
  }
}
