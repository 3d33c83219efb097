@preconcurrency import CReadline
package import Foundation
import RegimenFoundation
import ResearchTasks
package import SystemPackage

/// GNU readline on a terminal: line editing, per-task history, Tab completion, clean Ctrl-C (docs/terminal-input.md,
/// "Terminal or pipe").
///
/// Readline keeps global state: run one `ReadlineLineSource` at a time.
package final class ReadlineLineSource: LineSource {
    private let historyFile: FilePath?
    private let promptStream: PromptStream
    private var signal: InterruptSignal?
    private var lastHistoryEntry: String?
    /// The `LC_CTYPE` before `begin()` set a UTF-8 one (`ReadlineLocale`), put back by `end(completed:)`.
    private var previousCharacterType: String?
    /// Whether readline reported the end of input (Ctrl-D on an empty line, or the terminal gone).
    private var inputEnded = false
    /// Why the history file could not be written at the end, if it could not (the run's result is kept regardless;
    /// the CLI may warn).
    package private(set) var historyProblem: RunIOProblem?

    /// Creates a source keeping history in `historyFile` (created 0600 at the end; nil keeps none) and showing
    /// its prompt on `promptStream`.
    package init(historyFile: FilePath?, promptStream: PromptStream = .standardOutput) {
        self.historyFile = historyFile
        self.promptStream = promptStream
    }

    /// Sets readline up: UTF-8 characters, no signal catching, our getc loop, completion, and this task's history.
    package func begin() throws(RunError) {
        previousCharacterType = ReadlineLocale.useUTF8()
        regimen_rl_set_readline_name()
        rl_catch_signals = 0
        rl_instream = stdin
        rl_outstream = promptStream == .standardOutput ? stdout : stderr
        rl_getc_function = { stream in readlineGetc(stream) }
        ReadlineCompletion.install()
        clear_history()
        using_history()
        stifle_history(1000)
        if let historyFile { _ = read_history(historyFile.string) }  // ENOENT on the first run is fine
        lastHistoryEntry = nil
        inputEnded = false
        signal = InterruptSignal()
    }

    /// Reads one line with readline; Ctrl-C and Ctrl-D on an empty line give `.interrupted`.
    package func readLine(_ request: LineRequest) throws(RunError) -> LineEvent {
        if InterruptSignal.consume() { return .interrupted }
        ReadlineCompletion.use(request.completion)
        guard let raw = readline(ReadlinePrompt.marked(request.promptText)) else {
            inputEnded = true
            return .interrupted  // Ctrl-D on an empty line: abandon, like Ctrl-C
        }
        defer { free(raw) }
        if InterruptSignal.consume() { return .interrupted }
        let line = String(cString: raw)
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        // A line with control characters is refused by the runner; it is not kept in the history file either.
        if !trimmed.isEmpty, trimmed != lastHistoryEntry, !ControlCharacters.occur(in: trimmed) {
            add_history(trimmed)
            lastHistoryEntry = trimmed
        }
        return .line(line)
    }

    /// Saves history (mode 0600; a failure is kept in `historyProblem`, never fails the run) and restores SIGINT;
    /// a Ctrl-C after the last prompt still abandons the run.
    package func end(completed: Bool) throws(RunError) {
        let pending = InterruptSignal.consume()
        signal?.restore(completed: completed && !pending, terminalInputEnded: inputEnded)
        signal = nil
        ReadlineLocale.restore(previousCharacterType)
        previousCharacterType = nil
        ReadlineCompletion.use(.words([]))
        if let historyFile {
            do {
                try Self.writeHistory(to: historyFile)
                historyProblem = nil
            } catch {
                if case .io(let problem) = error { historyProblem = problem }
            }
        }
        if completed, pending { throw .interrupted }
    }

    private static func writeHistory(to path: FilePath) throws(RunError) {
        let folder = path.removingLastComponent()
        do throws(FileError) {
            try PrivateFiles.makeFolder(folder)
        } catch {
            let detail =
                if case .notAFolder = error { "\(error.path) is not a folder" } else {
                    "\(error.path): \(error.reason)"
                }
            throw .io(RunIOProblem(target: folder.string, reason: "cannot create the history folder (\(detail))"))
        }
        // Create the file owner-only before readline writes into it; an existing one is tightened after.
        try? PrivateFiles.createExclusive(path, bytes: [])
        let status = write_history(path.string)
        try? PrivateFiles.tighten(path)
        if status != 0 {
            throw .io(
                RunIOProblem(target: path.string, reason: "cannot write history: \(String(cString: strerror(status)))"))
        }
    }
}

/// readline's character reader: waits with poll so Ctrl-C ends the line cleanly (docs/terminal-input.md, "Terminal or
/// pipe").
private func readlineGetc(_ stream: UnsafeMutablePointer<FILE>?) -> Int32 {
    let fd = stream.map { fileno($0) } ?? 0
    while true {
        if InputWait.wait(on: fd) == .interrupted || InterruptSignal.isPending {
            rl_replace_line("", 0)
            return 10  // newline: readline returns, restoring the terminal; the caller sees the flag
        }
        var byte: UInt8 = 0
        let count = read(fd, &byte, 1)
        if count == 1 { return Int32(byte) }
        if count == 0 { return EOF }
        if errno != EINTR, errno != EAGAIN { return EOF }
    }
}
