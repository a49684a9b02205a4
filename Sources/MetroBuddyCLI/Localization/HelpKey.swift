/// A string of the command definitions (a command's abstract or discussion,
/// an argument's or an option's help), named by which string it is rather
/// than by its English. Each language gives the text of every key in an
/// exhaustive `switch` (`English.help(_:)`, `Spanish.help(_:)`,
/// `Italian.help(_:)`), so a missing translation does not build and
/// rewording the English cannot leave a translation behind. The keys are
/// grouped as the languages' files are: one file per language per group.
enum HelpKey: Hashable, Sendable, CaseIterable {
  /// The root command, the global options and the everyday commands: show, swipe, reload, balance, undo,
  /// history, help and completion.
  case core(Core)
  /// The cards: card and its subcommands, cards, expiration and serial.
  case cards(Cards)
  /// Fares: the fare options that card add and kind share, fare, kind and mode.
  case fares(Fares)
  /// The store and its devices: devices, retire, verify, export and import.
  case store(Store)
  /// What the rides say: plan, check and stats.
  case insights(Insights)

  /// Every key, group by group.
  static var allCases: [HelpKey] {
    Core.allCases.map(HelpKey.core)
      + Cards.allCases.map(HelpKey.cards)
      + Fares.allCases.map(HelpKey.fares)
      + Store.allCases.map(HelpKey.store)
      + Insights.allCases.map(HelpKey.insights)
  }

  /// The root command, the global options and the everyday commands: show, swipe, reload, balance, undo,
  /// history, help and completion.
  enum Core: Hashable, Sendable, CaseIterable {
    case globalStore
    case globalCard
    case globalJson
    case globalQuiet
    case globalNoColor
    case globalHelp
    case globalVersion
    case rootAbstract
    case rootDiscussion
    case sharedAt
    case balanceAbstract
    case balanceDiscussion
    case balanceAmountArgument
    case balanceNote
    case completionAbstract
    case completionDiscussion
    case completionShellArgument
    case helpAbstract
    case helpCommandArgument
    case historyAbstract
    case historyDiscussion
    case historyLimit
    case historyType
    case historySince
    case historyUntil
    case reloadAbstract
    case reloadDiscussion
    case reloadAmountArgument
    case reloadKey
    case showAbstract
    case showDiscussion
    case showFormat
    case swipeAbstract
    case swipeDiscussion
    case swipeCount
    case swipeNoTransfer
    case undoAbstract
    case undoDiscussion
  }

  /// The cards: card and its subcommands, cards, expiration and serial.
  enum Cards: Hashable, Sendable, CaseIterable {
    case cardAbstract
    case addAbstract
    case addDiscussion
    case addNameArgument
    case addBalance
    case useAbstract
    case useNameArgument
    case renameAbstract
    case renameOldArgument
    case renameNewArgument
    case mergeAbstract
    case mergeDiscussion
    case mergeKeepArgument
    case mergeOtherArgument
    case removeAbstract
    case removeDiscussion
    case removeNameArgument
    case removeForce
    case cardsAbstract
    case expirationAbstract
    case expirationDiscussion
    case expirationDateArgument
    case expirationClear
    case serialAbstract
    case serialNumberArgument
    case serialClear
  }

  /// Fares: the fare options that card add and kind share, fare, kind and mode.
  enum Fares: Hashable, Sendable, CaseIterable {
    case fareOptionKind
    case fareOptionCardMode
    case fareOptionRideMode
    case fareOptionCurrency
    case fareOptionReduced
    case fareOptionFull
    case fareOptionFare
    case fareOptionCap
    case fareOptionCapPeriod
    case fareOptionExpressFare
    case fareOptionExpressCap
    case fareOptionTransferWindow
    case fareOptionTransfers
    case fareOptionZone
    case fareOptionZones
    case fareAbstract
    case fareDiscussion
    case fareAmountArgument
    case fareStandard
    case kindAbstract
    case kindDiscussion
    case kindKindArgument
    case modeAbstract
    case modeModeArgument
  }

  /// The store and its devices: devices, retire, verify, export, import and paths.
  enum Store: Hashable, Sendable, CaseIterable {
    case devicesAbstract
    case devicesDiscussion
    case continueAsNewAbstract
    case continueAsNewDiscussion
    case exportAbstract
    case exportDiscussion
    case exportFormat
    case exportAll
    case importAbstract
    case importDiscussion
    case importFileArgument
    case importFormat
    case importAgain
    case retireAbstract
    case retireDiscussion
    case retireIdArgument
    case verifyAbstract
    case verifyDiscussion
    case verifyFares
    case pathsAbstract
    case pathsDiscussion
    case pathsFolderArgument
    case pathsEnv
  }

  /// What the rides say: plan, check and stats.
  enum Insights: Hashable, Sendable, CaseIterable {
    case checkAbstract
    case checkDiscussion
    case checkMinRides
    case checkMinBalance
    case checkExpiresWithin
    case checkRunsOutWithin
    case checkExportWithin
    case planAbstract
    case planDiscussion
    case planRides
    case planUntil
    case statsAbstract
    case statsDiscussion
    case statsBy
    case statsHeatmap
    case timesWeekdays
    case timesBetween
    case compareAbstract
    case compareDiscussion
    case compareMonth
    case compareSince
    case compareUntil
    case comparePass
    case reportAbstract
    case reportDiscussion
    case reportMonth
    case reportAll
    case reportLimit
    case reportFormat
    case statsSince
    case statsUntil
  }
}

extension HelpKey {
  /// The key's English, as the man page, the command reference and the
  /// completion scripts give it.
  var english: String { English.help(self) }
}

extension HelpKey? {
  /// The key's English; empty for none.
  var english: String { self?.english ?? "" }
}

/// A language's help texts: one exhaustive `switch` for each group of
/// commands, so that a key without its text does not build.
protocol HelpTexts {
  static func help(_ key: HelpKey.Core) -> String
  static func help(_ key: HelpKey.Cards) -> String
  static func help(_ key: HelpKey.Fares) -> String
  static func help(_ key: HelpKey.Store) -> String
  static func help(_ key: HelpKey.Insights) -> String
}

extension HelpTexts {
  /// The text of any help key in this language.
  static func help(_ key: HelpKey) -> String {
    switch key {
    case .core(let key): help(key)
    case .cards(let key): help(key)
    case .fares(let key): help(key)
    case .store(let key): help(key)
    case .insights(let key): help(key)
    }
  }
}
