extension English {
  /// The English help of card and its subcommands, cards, expiration and serial (`HelpKey.Cards`).
  static func help(_ key: HelpKey.Cards) -> String {
    switch key {
    case .cardAbstract: "Add, choose, rename, merge or remove cards."
    case .addAbstract: "Create a card."
    case .addDiscussion:
      """
      An omny-card holds money and stops charging once the week's cap is paid;
      contactless (a phone or bank card) holds none and counts what rides cost;
      a metrocard holds money and pays every ride; a custom card takes its fare,
      cap and transfers from the options marked 'Custom'. In London, london-payg
      (Oyster) holds money and london-contactless (a phone or bank card) holds
      none; both have TfL's caps of their --zones and the bus Hopper.
      """
    case .addNameArgument: "1 to 32 of a-z, 0-9, '-' and '_', starting with a letter or digit."
    case .addBalance: "The money on the card (default: 0)."
    case .useAbstract: "Make NAME the default card."
    case .useNameArgument: "The card to act on when --card is not given."
    case .renameAbstract: "Rename a card; its history stays with it."
    case .renameOldArgument: "The card's name now."
    case .renameNewArgument: "Its new name."
    case .mergeAbstract: "Move a card's whole history into another card."
    case .mergeDiscussion:
      """
      The other card's rides, reloads and opening balance become the kept
      card's, on every device, and the other card is gone. Two cards made
      apart on two devices with one name are shown as NAME and NAME~2: merge
      them with 'metrobuddy card merge NAME NAME~2'. Cards in two currencies
      are not merged, nor a contactless card (its balance is what its rides
      cost) with a card that holds money.
      """
    case .mergeKeepArgument: "The card that stays."
    case .mergeOtherArgument: "The card whose history moves into it."
    case .removeAbstract: "Remove a card: no command shows it or its history again."
    case .removeDiscussion:
      """
      This cannot be undone, so it needs --force. The default card cannot be removed.
      The card's history is not erased: it stays in the store's append-only device logs
      (and in every copy and backup of them), unread by any command.
      """
    case .removeNameArgument: "The card to remove."
    case .removeForce: "Confirm that the card should be removed."
    case .cardsAbstract: "List the cards, marking the default with '*'."
    case .expirationAbstract: "Print, set or clear the card's expiration date."
    case .expirationDiscussion:
      "The card can be used through its expiration date; from the next day, swipes are refused."
    case .expirationDateArgument: "The last day the card works, as YYYY-MM-DD."
    case .expirationClear: "Remove the expiration date."
    case .serialAbstract: "Print, set or clear the card's serial number."
    case .serialNumberArgument: "The number printed on the card."
    case .serialClear: "Remove the serial number."
    }
  }
}
