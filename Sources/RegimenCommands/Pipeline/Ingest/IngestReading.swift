import CareModel
import Foundation
import RegimenFoundation

/// What one reading thread of an ingest keeps from file to file (`IngestPreparer.prepare`): the files' folder open
/// (`FolderFileReader`), the long identifiers its results repeat, each the one `String` (`ResultStreamReader`), and
/// the last day a run ended on, which the next run most likely ended on too (docs/performance.md, "Steps of the
/// fifteenth session"). One per thread: nothing here is shared.
final class IngestReading {
    /// Reads the files.
    let files: FolderFileReader
    /// Identifiers read before.
    var identifiers = JSONRecentStrings()
    /// The participant's day the last run ended on.
    private var lastDay: DateInterval?

    /// A thread's reading; `regularFilesOnly` as `FolderFileReader`'s.
    init(regularFilesOnly: Bool = false) {
        files = FolderFileReader(regularFilesOnly: regularFilesOnly)
    }

    /// The day of `calendar` holding `date` (`CalendarDay.interval`), the last one again when it holds it: a day is
    /// [start, end), and the day holding an instant is one whatever asked before.
    func day(containing date: Date, calendar: Calendar) -> DateInterval? {
        if let lastDay, lastDay.start <= date, date < lastDay.end { return lastDay }
        lastDay = CalendarDay.interval(containing: date, calendar: calendar)
        return lastDay
    }
}
