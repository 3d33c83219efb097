package import CareModel
package import CareStore
package import Catalog
package import FHIRInterchange
import Foundation
package import HealthExport
package import OutcomeMapping
package import RegimenFoundation
package import ResearchTasks
package import SystemPackage

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
    /// A file operation failed: the file, the operation and the system's reason (exit 1; docs/private-files.md, "When
    /// a file operation fails").
    case file(FileError)
    /// A result file could not be read, or is not a result file (exit 65 for what it holds, 1 when it cannot be read).
    case resultFile(ResultFileReadError)
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
    /// A place a command writes at its end cannot take the file (`role`: "the result folder", "the care store", …),
    /// found before a run asks its first question (exit 1).
    case unusableOutput(path: FilePath, role: String, OutputProblem)
    /// The care store file was removed while the run was being answered; nothing was stored (exit 1).
    case storeFileGone(path: FilePath)
    /// A new folder to write in exists already: as a file, or as a folder holding files (`isFolder`); nothing was
    /// written (exit 1).
    case folderTaken(path: FilePath, isFolder: Bool)
    /// The study program `program`, which `regimen COMMAND` runs, could not be started (exit 1).
    case studyProgramNotRun(program: FilePath, errno: Errno, command: String)
    /// Standard output could not be written (exit 1).
    case standardOutputNotWritten(Errno)
    /// A run's transcript (`--record`) could not be written; it was kept in `keptIn`, or could not be kept in
    /// `recoveryFolder` either (nil `keptIn`; exit 1).
    case transcriptNotWritten(FileError, keptIn: FilePath?, recoveryFolder: FilePath)
    /// A file or folder named on the command line does not exist (exit 66, `EX_NOINPUT`).
    case missingFile(path: FilePath)
    /// The participant abandoned the run, worded with the task and "nothing was saved" (exit 130).
    case abandoned(reason: String)
    /// The task's run for this event is being answered by another `regimen run` right now (exit 75, try again): the
    /// task's title, the file that process holds and its id when known (docs/finish-later.md, "When the program is
    /// stopped").
    case runInProgress(title: String, file: String, process: Int32?)
    /// The task cannot start before consent (docs/consent.md, "The gate"): the reason in the participant's words (exit
    /// 77, not permitted).
    case consentNeeded(String)
    /// Any other bad data, already worded with its file and place (exit 65).
    case badData(String)
    /// Something that is neither bad input nor bad data (exit 1).
    case failure(String)
    /// A run's result could not be written or stored where asked, but its answers are safe in `file`, which
    /// `ingest FILE` with `ingestOptions` (`--store`, `--surveys`) stores (exit as the underlying error).
    indirect case answersKept(RegimenError, file: String, ingestOptions: [String])
    /// A run's result could not be written where asked, nor saved to the recovery folder (exit 1).
    indirect case answersNotKept(RegimenError, recovery: FileError)
    /// A run kept to finish later could not be kept in the result folder; its answers so far were kept in `keptIn`
    /// instead, to be moved back to resume (exit as the underlying error; docs/finish-later.md).
    indirect case unfinishedRunMoved(RegimenError, keptIn: FilePath)
    /// A run kept to finish later could not be kept in the result folder, nor in `recoveryFolder` (exit as the
    /// underlying error).
    indirect case unfinishedRunNotKept(RegimenError, recoveryFolder: FilePath)
    /// The disk is full: a run's result could not be written in `resultFolder` nor saved to the recovery folder, so the
    /// answers exist only in this process; `replay` is the command line that gives the same lines again once space is
    /// freed, printed as the last resort (docs/store-file.md, "A full disk"; exit 1).
    case answersOnlyInMemory(resultFolder: String, recoveryFolder: String, replay: String)
}
