import MetroKit

extension English: HelpTexts {
  /// The English help of the root, the global options, show, swipe, reload, balance, undo,
  /// history, help and completion (`HelpKey.Core`).
  static func help(_ key: HelpKey.Core) -> String {
    switch key {
    case .globalStore:
      "The store directory. (env: METROBUDDY_STORE; default: $XDG_DATA_HOME/metrobuddy or ~/.local/share/metrobuddy)"
    case .globalCard: "The card to act on. (env: METROBUDDY_CARD; default: the default card)"
    case .globalJson: "Print machine-readable JSON on stdout."
    case .globalQuiet: "Print nothing on success; errors still go to stderr."
    case .globalNoColor: "Never colour the output (also: NO_COLOR, TERM=dumb)."
    case .globalHelp: "Show help information."
    case .globalVersion: "Show the version."
    case .rootAbstract: "Track the balance of a transit card from the command line."
    case .rootDiscussion:
      """
      Record a ride at the turnstile with 'metrobuddy swipe', check the balance from the
      shell or a prompt, and reload from cron. Money is exact; every change is saved
      durably before metrobuddy exits.
      """
    case .sharedAt: "When: YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], local time unless it ends in Z or ±HH:MM."
    case .balanceAbstract: "Print the balance, or set it to AMOUNT."
    case .balanceDiscussion:
      """
      Setting the balance records an adjustment in the history: the new balance minus the old.
      Set it to what a card reader shows, and metrobuddy says how far the history was off:
      less than recorded is about so many rides at the card's full fare not recorded;
      more is a reload not recorded, or rides recorded that were not taken.
      --note keeps a few words with the adjustment, shown by 'metrobuddy history'.
      """
    case .balanceAmountArgument: "The new balance, such as 25 or 5.25."
    case .balanceNote: "Keep this note with the adjustment (at most 200 characters)."
    case .completionAbstract: "Print a completion script for bash, zsh or fish."
    case .completionDiscussion:
      """
      The script completes commands, options, the values of --type and --format, and
      card names, which it reads from the store when you press Tab. 'Scripts/install.sh'
      installs all three; to load one by hand, see the examples.
      """
    case .completionShellArgument: "bash, zsh or fish."
    case .helpAbstract: "Show help for a command (the same as --help)."
    case .helpCommandArgument: "The command, such as 'swipe' or 'card add'."
    case .historyAbstract: "List balance updates, newest first."
    case .historyDiscussion:
      """
      Dates are local calendar days; --since and --until are both inclusive.
      The last column shows a reload's key, the update an undo takes back, and
      the note kept with 'metrobuddy balance AMOUNT --note TEXT'.
      """
    case .historyLimit: "Show at most N updates."
    case .historyType: "Only this type: swipe, reload, adjustment or undo. Repeatable."
    case .historySince: "Only updates on or after this day (YYYY-MM-DD)."
    case .historyUntil: "Only updates on or before this day (YYYY-MM-DD)."
    case .reloadAbstract: "Add money to the card."
    case .reloadDiscussion:
      """
      With --key, a second reload with the same key on the same card changes nothing,
      says so, and exits 0, so a cron job can retry safely.
      """
    case .reloadAmountArgument: "The money to add, such as 20 or 2.75 (at most 100000.00)."
    case .reloadKey: "Apply this reload once per card, such as monthly-2026-11."
    case .showAbstract: "Show the card at a glance: balance, rides left, fare, expiration, serial number."
    case .showDiscussion:
      """
      This is what 'metrobuddy' runs with no command. It never changes the store.
      With --format, prints one line for a shell prompt or a status bar instead; the
      placeholders are {name}, {balance}, {fare}, {ridesLeft}, {expirationDate},
      {daysToExpiration} and {serialNumber} (empty when unset); '{{' and '}}' are braces.
      """
    case .showFormat: "Print TEMPLATE filled in, such as '{balance} ({ridesLeft})'."
    case .swipeAbstract: "Record a ride, charging what the reader would charge."
    case .swipeDiscussion:
      """
      A ride is priced by the fares in force at its time: free once the cap is paid,
      free or the difference within a transfer window. All or nothing: if the
      balance cannot pay every ride, or the card has expired, nothing is recorded and
      metrobuddy exits with status 1.
      """
    case .swipeCount: "How many rides to record (1 to \(CardRules.maximumSwipeCount))."
    case .swipeNoTransfer: "Charge a full fare even where the ride would be a transfer."
    case .undoAbstract: "Reverse the latest balance update that is not an undo and not already undone."
    case .undoDiscussion:
      """
      Takes back, whole, the latest command this device made on the card, including one
      on a card merged into it and, after 'devices retire', the commands of the retired
      device that this device now carries. Commands another device made are for that
      device to take back. Records an 'undo' update; the history keeps both. With nothing
      to undo, exits with status 1.
      """
    }
  }
}
