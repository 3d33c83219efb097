import ArgumentParser
import Foundation
import RegimenCommands
import RegimenFoundation
import ResearchTasks
import StudyDatabase

/// `regimen study participants`: every participant with their zone, enrollment, withdrawal and study day today
/// (docs/study-database.md, "Participants and study days").
struct StudyParticipantsCommand: AsyncAppCommand {
    static let configuration = CommandConfiguration(
        commandName: "participants",
        abstract: "List the participants: label, zone, enrolled, withdrawn, study day today."
    )

    @Option(help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    @OptionGroup var databaseOptions: StudyDatabaseOptions

    func run(in app: RegimenApp) async throws {
        let environment = try StudyDatabaseOptions.environment()
        let now = environment.clock.now()
        let participants = try await databaseOptions.withStudy(environment) { study async throws(RegimenError) in
            do throws(StudyDatabaseError) {
                return try await study.participants()
            } catch {
                throw .study(error)
            }
        }
        print(Self.render(participants, now: now, format: format), terminator: "")
    }

    static let header = ["label", "zone", "enrolled", "withdrawn", "study_day"]

    /// The listing in `format`; local times in each participant's zone.
    static func render(_ participants: [Participant], now: Date, format: OutputFormat) -> String {
        let rows = participants.map { participant in
            [
                participant.label, participant.timeZone.identifier,
                StudyTimeText.local(participant.enrolledAt, participant.timeZone),
                participant.withdrawnAt.map { StudyTimeText.local($0, participant.timeZone) } ?? "",
                String(participant.studyDay(of: now)),
            ]
        }
        switch format {
        case .table:
            return participants.isEmpty ? "no participants\n" : TextTable(header: header, rows: rows).render() + "\n"
        case .csv:
            return CSV.render(header: header, rows: rows) + "\n"
        case .json:
            let objects = zip(participants, rows).map { participant, row -> JSONValue in
                .object([
                    "label": .string(row[0]), "zone": .string(row[1]), "enrolled": .string(row[2]),
                    "withdrawn": participant.withdrawnAt == nil ? .null : .string(row[3]),
                    "study_day": .integer(participant.studyDay(of: now)),
                ])
            }
            return JSONWriter.prettyText(.array(objects))
        }
    }
}
