/// The Italian translations of `plan`'s and the forecast options' text, keyed by the
/// English; ``ItalianDefinitions/strings`` includes them.
enum ItalianDefinitionsForecast {
  static let strings: [String: String] = [
    "Say how much to load to pay for N more rides, or to last until a day.":
      "Dice quanto ricaricare per pagare altre N corse, o per durare fino a un giorno.",
    """
    With --rides N, the amount that pays for N more rides; with --until DATE, the
    amount that lasts through that day at your pace (your rides in the last 28 days,
    or since the card's first ride when that is more recent; a free transfer is part
    of the ride before it). Rides are priced as the readers would charge them, the
    fare of each day and the 7-day cap included, and spread at your pace (10 rides a
    week when the card has no rides yet). A MetroCard amount is rounded up to a
    multiple of 5 cents, as its machines take; the plan says when it rounds.
    Nothing is loaded: run 'metrobuddy reload AMOUNT' when you have.
    """:
      """
    Con --rides N, l'importo che paga altre N corse; con --until DATE, l'importo che
    dura fino a quel giorno al suo ritmo (le sue corse degli ultimi 28 giorni, o dalla
    prima corsa della carta se è più recente; un trasbordo gratuito fa parte della corsa
    prima). Le corse sono addebitate come farebbero i lettori, con la tariffa di ogni
    giorno e il tetto di 7 giorni, distribuite al suo ritmo (10 corse a settimana se la
    carta non ha ancora corse). Un importo MetroCard è arrotondato per eccesso a un
    multiplo di 5 centesimi, come accettano le sue macchine; il piano lo dice quando
    arrotonda. Non viene ricaricato nulla: esegua 'metrobuddy reload AMOUNT' dopo
    averlo fatto.
    """,
    "Pay for N more rides (1 to 10000).":
      "Paga altre N corse (da 1 a 10000).",
    "Last through this day at your pace (YYYY-MM-DD; today or later).":
      "Dura fino a questo giorno al suo ritmo (AAAA-MM-GG; oggi o più tardi).",
    "Warn when, at your pace (rides in the last 28 days), the balance runs out within DAYS days (0: today).":
      "Avvisa quando, al suo ritmo (corse degli ultimi 28 giorni), il credito finisce entro DAYS giorni (0: oggi).",
  ]
}
