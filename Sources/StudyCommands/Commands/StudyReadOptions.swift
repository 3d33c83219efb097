import ArgumentParser
import RegimenCommands
import RegimenFoundation
import StudyDatabase

/// `--task`, `--participant`, `--from`/`--to` and `--format`, shared by the commands researchers read with
/// (docs/study-database.md, "What researchers read").
struct StudyReadOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Only this task id.", valueName: "task"))
    var task: String?

    @Option(help: ArgumentHelp("Only this participant (label).", valueName: "label"))
    var participant: String?

    @Option(help: ArgumentHelp("The first local day kept, YYYY-MM-DD (in each participant's zone).", valueName: "date"))
    var from: String?

    @Option(help: ArgumentHelp("The last local day kept, YYYY-MM-DD (in each participant's zone).", valueName: "date"))
    var to: String?

    @Option(help: "csv (default) or json.")
    var format: OutputFormat = .csv

    /// The filter, with the dates read.
    func filter() throws(RegimenError) -> ReadFilter {
        let first = try Self.day(from, option: "--from")
        let last = try Self.day(to, option: "--to")
        if let first, let last, first.dayNumber > last.dayNumber {
            throw .usage("--from \(first.text) is after --to \(last.text)")
        }
        return ReadFilter(task: task, participant: participant, from: first, to: last)
    }

    /// The table layout: CSV or JSON (a streamed table has no aligned text form).
    func tableFormat() throws(RegimenError) -> TableWriter.Format {
        try Self.tableFormat(format)
    }

    static func tableFormat(_ format: OutputFormat) throws(RegimenError) -> TableWriter.Format {
        switch format {
        case .csv: .csv
        case .json: .json
        case .table: throw .usage("this table is written as --format csv or --format json")
        }
    }

    private static func day(_ text: String?, option: String) throws(RegimenError) -> CivilDate? {
        guard let text else { return nil }
        guard let reading = ISODateTime.read(text, rules: .surveyFile), reading.time == nil else {
            throw .usage("\(option) \(text): not a date; write YYYY-MM-DD, e.g. 2026-11-23")
        }
        return reading.day
    }
}
