package import CareModel
package import CareStore
package import Catalog
package import FHIRInterchange
import Foundation
package import HealthExport
package import OutcomeMapping
package import RegimenFoundation
package import ResearchTasks

/// Everything a command can fail with; each target's precise error is wrapped with the file or task it concerns.
/// `ErrorReporter` is the one place that turns these into messages and exit codes.
package enum RegimenError: Error, Sendable {
    /// The command line is wrong (exit 64).
    case usage(String)
    /// Command words that name no command (`tody`, `result shw`), the command whose help lists the right ones, and
    /// the nearest command when one is close (exit 64).
    case unknownCommand([String], listedBy: [String], suggestion: [String]?)
    /// No survey defines this task.
    case unknownTask(String, known: [String])
    /// The task takes its outcomes from Health data and has no steps to run, show or export (exit 64;
    /// docs/health-export.md, "Linked tasks"): the task and what was asked of it ("run", "export").
    case healthLinkedTask(String, action: String)
    /// An extractor could not read a result (exit 65).
    case extraction(task: String, file: String?, ExtractionError)
    /// The survey folder has problems (exit 65).
    case catalog(CatalogError)
    /// A result file could not be read or written.
    case resultFile(ResultFileIOError)
    /// The care store failed (exit 1).
    case store(CareStoreError)
    /// An error of a command group in another target (the study database's), which words itself.
    case reported(any ReportedError)
    /// An `--alarm` offset cannot be read (exit 64).
    case alarmOffset(AlarmOffsetError)
    /// A FHIR Questionnaire file cannot be imported (exit 65): the file and why.
    case fhirImport(file: String, FHIRImportError)
    /// An Apple Health export cannot be read (exit 65): `file: line N: reason`.
    case healthExport(HealthExportError)
    /// A survey's schedule cannot be built (exit 65).
    case schedule(task: String, ScheduleError)
    /// A file could not be read or written.
    case io(path: String, problem: String)
    /// A file or folder named on the command line does not exist (exit 66, `EX_NOINPUT`).
    case missingFile(path: String)
    /// The participant abandoned the run, worded with the task and "nothing was saved" (exit 130).
    case abandoned(reason: String)
    /// The task's run for this event is being answered by another `regimen run` right now (exit 75, try again): the
    /// task's title, the file that process holds and its id when known (docs/finish-later.md, "When the program is
    /// stopped").
    case runInProgress(title: String, file: String, process: Int32?)
    /// Any other bad data, already worded with its file and place (exit 65).
    case badData(String)
    /// Something that is neither bad input nor bad data (exit 1).
    case failure(String)
    /// A run's result could not be written or stored where asked, but its answers are safe in `file`, which
    /// `ingest FILE` with `ingestOptions` (`--store`, `--surveys`) stores (exit as the underlying error).
    indirect case answersKept(RegimenError, file: String, ingestOptions: [String])
    /// A run's result could not be written where asked, nor saved to the recovery folder (exit 1).
    indirect case answersNotKept(RegimenError, recovery: ResultFileIOError)
    /// The disk is full: a run's result could not be written in `resultFolder` nor saved to the recovery folder, so the
    /// answers exist only in this process; `replay` is the command line that gives the same lines again once space is
    /// freed, printed as the last resort (docs/store-file.md, "A full disk"; exit 1).
    case answersOnlyInMemory(resultFolder: String, recoveryFolder: String, replay: String)
}
