/// The Italian translations of the text of `stats`'s definition, keyed by the
/// English; ``ItalianDefinitions/strings`` includes them.
enum ItalianDefinitionsStats {
  static let strings: [String: String] = [
    "Show rides, spending, reloads and what the cap saved, per week or month.":
      "Mostra le corse, la spesa, le ricariche e quanto ha fatto risparmiare il tetto, per settimana o per mese.",
    """
    Periods are local calendar weeks, Monday to Sunday, or calendar months, always
    whole: --json gives each one's first and last day as start and end, both
    inclusive. Without --since: the 8 periods ending with today's (or with --until's).
    With --since: every period from the one --since falls in to the one --until falls
    in (default: today), even when the dates fall mid-period. Empty periods are listed.
    A ride is a swipe that was not undone: paid (the fare or the rest of the cap), capped
    (free under the cap) or a transfer. Spent is what rides charged; loaded is what
    reloads added, not counting undone ones or a keyed reload another device recorded
    first (always zero for a contactless card); adjustments are neither. Saved is what
    the cap saved: the full fare minus the charge of capped and partial rides.
    The bar shows spent: block characters on a colour terminal, '#' otherwise (pipes,
    --no-color, NO_COLOR, TERM=dumb). Width: the terminal's, else COLUMNS, else 80.
    """:
      """
    I periodi sono settimane di calendario locali, da lunedì a domenica, o mesi di
    calendario, sempre interi: --json dà il primo e l'ultimo giorno di ciascuno come
    start ed end, entrambi inclusi. Senza --since: gli 8 periodi che finiscono con quello
    di oggi (o con quello di --until). Con --since: tutti i periodi da quello che
    contiene --since a quello che contiene --until (predefinito: oggi), anche quando le
    date cadono a metà periodo. Anche i periodi vuoti sono elencati.
    Una corsa è uno swipe non annullato: pagata (la tariffa o il resto del tetto),
    coperta dal tetto (gratuita) o un trasbordo. Spesi è quanto hanno addebitato le
    corse; caricati, quanto hanno aggiunto le ricariche, senza quelle annullate né una
    ricarica con chiave che un altro dispositivo ha registrato prima (sempre zero per una
    carta contactless); le rettifiche non sono né l'una né l'altra cosa. Risparmiati è
    quanto ha fatto risparmiare il tetto: la tariffa intera meno l'addebito delle corse
    coperte dal tetto e parziali.
    La barra mostra la spesa: caratteri a blocchi su un terminale a colori, '#'
    altrimenti (pipe, --no-color, NO_COLOR, TERM=dumb). Larghezza: quella del terminale,
    altrimenti COLUMNS, altrimenti 80.
    """,
    "week or month.": "week (settimana) o month (mese).",
    "Start with the period this day falls in (YYYY-MM-DD).":
      "Comincia dal periodo che contiene questo giorno (AAAA-MM-GG).",
    "End with the period this day falls in (YYYY-MM-DD; default: today).":
      "Finisce con il periodo che contiene questo giorno (AAAA-MM-GG; predefinito: oggi).",
  ]
}
