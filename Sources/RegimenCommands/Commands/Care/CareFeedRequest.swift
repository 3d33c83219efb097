import CareModel
import CareStore
import Foundation
import ParticipantWords
import ResearchTasks
import TerminalRunner

/// What `regimen today` was asked for: the survey folder, the store, the day, whether to show a week, or only what is
/// due now.
struct CareFeedRequest: Equatable, Sendable {
    var surveys: String?
    var store: String?
    var date: String?
    var week = false
    /// `--due`: only the tasks due now, one line each, and nothing when none is (for a shell profile).
    var due = false

    /// Prints the care feed of the requested day (or the seven days ending on it).
    func run(in app: RegimenApp) throws(RegimenError) {
        _ = try printFeed(in: app)
    }

    /// Prints the care feed and returns the store it read, still open: a process about to exit can skip closing it
    /// (`RegimenApp`), which cost the care feed a twentieth of its start-up.
    func printFeed(in app: RegimenApp) throws(RegimenError) -> CareStore {
        let workspace = try Workspace.live(app)
        let environment = workspace.environment
        let calendar = environment.calendar
        let now = environment.clock.now()
        let store = try workspace.openStore(path: store, surveys: surveys, connection: .single)
        // The participant's language (docs/languages.md), the enrolled one after REGIMEN_LANGUAGE: its words are read
        // only when the feed shows one.
        let enrolled = try EnrolledLanguage.recorded(in: store, file: workspace.storePath(self.store))
        let languages = try environment.participantLanguages(option: nil, enrolled: enrolled)
        let words = Words(for: languages)
        // Task titles in that language where the survey translates them (docs/languages.md, "The care feed's titles").
        let titles = try TaskTitleTranslations.titles(in: store, for: languages)
        // Logged and labelled-value tasks and featured articles, as the survey folder last said (FeedPresentation).
        let presentation = try FeedPresentation.recorded(in: store)
        // Runs kept to finish later, being answered, or stopped mid-way sit beside the default results (up to three
        // `access` calls per due line; docs/finish-later.md).
        let isKept = { (event: Event) in
            let folder = RunOptions.defaultResultsDirectory(task: event.task.id, environment)
            return UnfinishedRun.isKept(in: folder, task: event.task.id, eventStart: event.scheduleEvent.start)
                || InProgressRun.name.exists(
                    in: folder, task: event.task.id, eventStart: event.scheduleEvent.start, legacy: false)
        }
        // Until consent is given, the feed shows only the consent task (docs/consent.md, "The gate").
        let consentDocuments = try ConsentDocumentList.recorded(in: store)
        let standing =
            consentDocuments.required.isEmpty ? .open : try ConsentGate.standing(consentDocuments, store: store)
        if due {
            // The plain feed's one-day build, nothing more: the lines still to do whose event has started.
            let feed = try CareFeedDay.build(
                store: store, day: calendar.startOfDay(for: now), now: now, calendar: calendar,
                presentation: presentation
            ).gated(by: standing, consentTasks: consentDocuments)
            let renderer = CareFeedRenderer(calendar: calendar, style: TextStyle(color: false), words: words)
            print(renderer.renderDue(feed.retitled(titles).markingInProgress(isKept).linesDue(at: now)), terminator: "")
            return store
        }
        let day =
            try date.map { text throws(RegimenError) in try DayOption.parse(text, calendar: calendar, now: now) }
            ?? calendar.startOfDay(for: now)
        var days = week ? (-6...0).compactMap { calendar.date(byAdding: .day, value: $0, to: day) } : [day]
        // A week shows no days before the participant enrolled (nothing could be scheduled or missed then).
        if week, let enrolled = try storeCall({ () throws(CareStoreError) in try store.enrollmentDate() }) {
            let firstDay = calendar.startOfDay(for: enrolled)
            days.removeAll { $0 < firstDay }
            if days.isEmpty {
                print(words(.enrolledAfterWeek, DayText.long(firstDay, calendar: calendar, words: words)))
                return store
            }
        }
        let style = TextStyle(color: environment.colorAllowed(onTerminal: environment.stdoutIsTerminal))
        let renderer = CareFeedRenderer(calendar: calendar, style: style, words: words)
        var sections: [String] = []
        var syncStanding: (enrolled: Date, lastSync: Date?)?
        // Plans and links (docs/care-plans.md, "In the care feed"), their texts in the participant's language.
        let translate = try CareTextTranslations.translator(in: store, for: languages)
        for shown in days {
            let feed = try CareFeedDay.build(
                store: store, day: shown, now: now, calendar: calendar, presentation: presentation
            ).gated(by: standing, consentTasks: consentDocuments)
            let dayEnd = calendar.date(byAdding: .day, value: 1, to: shown) ?? shown
            let plans = try FeedPlans.read(feed, store: store, dayEnd: dayEnd, translate: translate)
            sections.append(renderer.render(feed.retitled(titles).markingInProgress(isKept), plans: plans))
            syncStanding = feed.syncStanding
        }
        if !presentation.featured.isEmpty {
            sections.append(
                renderer.renderArticles(
                    presentation.featured.map { ($0.id, FeedPresentation.title(of: $0, for: languages)) }))
        }
        if let standing = syncStanding,
            let reminder = SyncReminder.text(
                enrolled: standing.enrolled, lastSync: standing.lastSync, now: now, calendar: calendar)
        {
            sections[sections.count - 1] += "\n\n" + reminder
        }
        if let note = ConsentGate.feedNote(standing, words: words, calendar: calendar) {
            sections[sections.count - 1] += "\n\n" + note
        }
        print(sections.joined(separator: "\n\n"))
        return store
    }
}
