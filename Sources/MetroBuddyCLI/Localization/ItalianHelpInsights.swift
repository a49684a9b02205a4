extension Italian {
  /// L'aiuto in italiano di plan, check e stats (`HelpKey.Insights`).
  static func help(_ key: HelpKey.Insights) -> String {
    switch key {
    case .checkAbstract: "Indica quali carte richiedono attenzione; silenzioso se va tutto bene (per cron)."
    case .checkDiscussion:
      """
      Controlla tutte le carte (o quella indicata con --card). Stampa una riga per
      problema su stdout e termina con 1; se va tutto bene non stampa nulla e termina con
      0, così cron invia una mail solo quando c'è qualcosa da fare. Senza opzioni, una
      carta richiede attenzione quando non può pagare una corsa o è scaduta, o quando la
      cronologia dei viaggi Oyster importata va scaricata e importata di nuovo (veda
      --export-within).
      """
    case .checkMinRides: "Avvisa quando restano meno di N corse."
    case .checkMinBalance: "Avvisa quando il credito è inferiore ad IMPORTO."
    case .checkExpiresWithin:
      "Avvisa quando la carta scade entro GIORNI giorni (0: oggi). Le carte scadute sono sempre segnalate."
    case .checkRunsOutWithin:
      "Avvisa quando, al suo ritmo (corse degli ultimi 28 giorni), il credito finisce entro GIORNI giorni (0: oggi)."
    case .checkExportWithin:
      "Avvisa quando una cronologia dei viaggi Oyster importata va scaricata e importata di nuovo entro GIORNI "
        + "giorni: TfL mostra solo le ultime 8 settimane. Passato quel giorno, sempre."
    case .planAbstract: "Dice quanto ricaricare per pagare altre N corse, o per durare fino a un giorno."
    case .planDiscussion:
      """
      Con --rides N, l'importo che paga altre N corse; con --until DATA, l'importo che
      dura fino a quel giorno al suo ritmo (le sue corse degli ultimi 28 giorni, o dalla
      prima corsa della carta se è più recente; un trasbordo gratuito fa parte della corsa
      prima). Le corse sono addebitate come farebbero i lettori, con la tariffa di ogni
      giorno e il tetto di 7 giorni, distribuite al suo ritmo (10 corse a settimana se la
      carta non ha ancora corse). Un importo MetroCard è arrotondato per eccesso a un
      multiplo di 5 centesimi, come accettano le sue macchine; il piano lo dice quando
      arrotonda. Non viene ricaricato nulla: esegua 'metrobuddy reload IMPORTO' dopo
      averlo fatto.
      """
    case .planRides: "Paga altre N corse (da 1 a 10000)."
    case .planUntil: "Dura fino a questo giorno al suo ritmo (AAAA-MM-GG; oggi o più tardi)."
    case .statsAbstract:
      "Mostra le corse, la spesa, le ricariche e quanto ha fatto risparmiare il tetto, per settimana o per mese."
    case .statsDiscussion:
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
      Con --by weekday o --by hour, o --heatmap, le corse da --since a --until, entrambi
      giorni esatti (predefinito: le 8 settimane che finiscono con quella di oggi), sono
      sommate per giorno della settimana, per ora del giorno, o contate in una griglia di
      giorni per ore; la barra mostra allora le corse. --weekdays e --between tengono solo
      ciò che è avvenuto in quegli orari locali, in ogni vista (anche history li accetta):
      'stats --weekdays --between 07:00-10:00' è il tragitto del mattino.
      """
    case .statsBy:
      "week (settimana) o month (mese); weekday (giorno) o hour (ora) per sommare le corse dell'intervallo per giorno della settimana o ora."
    case .statsHeatmap: "Mostra le corse dell'intervallo in una griglia di giorni della settimana per ore."
    case .compareAbstract: "Dice se un abbonamento sarebbe costato meno di quanto sono costate le corse."
    case .compareDiscussion:
      """
      Calcola il prezzo delle corse della carta in un intervallo in tre modi: come sono
      state addebitate, senza il tetto (ogni corsa che non è un trasbordo alla tariffa
      intera) e con ogni abbonamento: quelli dell'azienda quando una fonte ne dà il
      prezzo e i giorni in cui era in vendita (le MetroCard illimitate da 30 giorni a
      132,00 USD e da 7 giorni a 34,00 USD, dal 20 agosto 2023 alla fine delle vendite il
      31 dicembre 2025, per una carta metrocard) e ogni --pass indicato. Un abbonamento
      si compra alla prima corsa che nessun abbonamento copre e copre ogni corsa fino
      alla fine del suo ultimo giorno (uno da 30 giorni comprato il 1° ottobre copre dal
      1° al 30 ottobre); quello della MetroCard copre la metropolitana e gli autobus
      locali, e le altre corse costano quanto addebitato. Poi il più economico e di
      quanto, e per ogni abbonamento le corse a tariffa intera che sostituisce per
      ripagarsi. L'intervallo: --month, o da --since a --until (predefinito oggi), o
      l'ultimo mese di calendario intero. --weekdays e --between confrontano solo i
      tragitti casa-lavoro.
      """
    case .compareMonth: "Confronta questo mese di calendario (AAAA-MM)."
    case .compareSince: "Confronta da questo giorno (AAAA-MM-GG)."
    case .compareUntil: "Confronta fino a questo giorno (AAAA-MM-GG; predefinito: oggi)."
    case .comparePass: "Un abbonamento da calcolare: NOME=PREZZO/Nd, come 30-giorni=132/30d; ripetibile."
    case .reportAbstract: "Mostra l'estratto di un mese: addebiti, totali e limite del benefit di trasporto."
    case .reportDiscussion:
      """
      Elenca ogni corsa del mese della carta (--all: di tutte) con data e ora locali,
      mezzo, motivo, tariffa intera, quanto è stato addebitato e la sua nota; poi i
      totali per mezzo, il totale del mese e quanto ha fatto risparmiare il tetto. Un
      mese in dollari statunitensi è confrontato con il limite mensile dell'IRS per il
      benefit di trasporto esentasse (325,00 USD nel 2025, 340,00 USD nel 2026), con
      quanto resta o di quanto lo ha superato; --limit lo confronta con un altro
      importo. --format csv dà gli addebiti per un foglio di calcolo, e --format html
      una pagina senza collegamenti esterni: un grafico della spesa per settimana, le
      corse per giorno e ora e gli addebiti, pronta da stampare in PDF per una nota
      spese. Il mese: --month, o l'ultimo mese di calendario intero. --weekdays e
      --between tengono solo i tragitti casa-lavoro.
      """
    case .reportMonth: "Il mese di calendario (AAAA-MM; predefinito: l'ultimo mese intero)."
    case .reportAll: "Tutte le carte, non solo quella attuale."
    case .reportLimit: "Confronta il mese con questo importo, non con il limite dell'IRS."
    case .reportFormat: "text, csv (gli addebiti) o html (una pagina da stampare)."
    case .timesWeekdays: "Solo da lunedì a venerdì (giorni locali)."
    case .timesBetween: "Solo tra questi orari locali (HH:MM-HH:MM; 22:00-02:00 passa la mezzanotte)."
    case .statsSince: "Comincia dal periodo che contiene questo giorno (AAAA-MM-GG)."
    case .statsUntil: "Finisce con il periodo che contiene questo giorno (AAAA-MM-GG; predefinito: oggi)."
    }
  }
}
