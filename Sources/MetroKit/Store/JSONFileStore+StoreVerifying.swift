/// The file store checks its `state.json` and journals (`JSONFileStore+Verify.swift`).
extension JSONFileStore: StoreVerifying {}
