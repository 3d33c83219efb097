import ArgumentParser
import RegimenCommands
import ResearchTasks
import StudyDatabase

/// `regimen study withdraw LABEL`: records a withdrawal; the participant's data stays (docs/study-database.md,
/// "Participants and study days").
struct StudyWithdrawCommand: AsyncAppCommand {
    static let configuration = CommandConfiguration(
        commandName: "withdraw",
        abstract: "Withdraw a participant: no new task versions or ingest; their data stays in the study.",
        discussion: "Withdrawing someone already withdrawn changes nothing and says so (exit 0)."
    )

    @Argument(help: ArgumentHelp("The participant's label.", valueName: "label"))
    var label: String

    @OptionGroup var databaseOptions: StudyDatabaseOptions

    func run(in app: RegimenApp) async throws {
        let environment = try StudyDatabaseOptions.environment()
        let now = environment.clock.now()
        let label = self.label
        let (participant, withdrawnNow) = try await databaseOptions.withStudy(environment) {
            study async throws(RegimenError) in
            do throws(StudyDatabaseError) {
                return try await study.withdraw(label: label, now: now)
            } catch {
                throw .study(error)
            }
        }
        let when = participant.withdrawnAt.map { StudyTimeText.local($0, participant.timeZone) } ?? "?"
        print(
            withdrawnNow
                ? "withdrew \(participant.label) at \(when); their data stays in the study and its exports"
                : "\(participant.label) was already withdrawn at \(when); nothing was changed")
    }
}
