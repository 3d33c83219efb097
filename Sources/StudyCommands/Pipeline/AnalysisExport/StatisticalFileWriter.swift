import CReadStat
import Foundation
import RegimenCommands

/// An SPSS, Stata or SAS transport file written row by row with ReadStat's writer API into a `TableOutput`
/// (docs/analysis-exports.md): the variables, labels and value labels first, then rows as they come; ReadStat needs
/// the number of rows and each text variable's width before the first row, which the export's sizing pass found.
final class StatisticalFileWriter {
    private let kind: StatisticalFileKind
    private let file: String
    private let output: TableOutput
    private let writer: UnsafeMutablePointer<readstat_writer_t>
    private var handles: [UnsafeMutablePointer<readstat_variable_t>] = []
    private let variables: [AnalysisVariable]
    private let widths: [Int]
    /// Stata `strL` variables (by position) and the reference of each of their texts, added before the file starts
    /// (ReadStat writes them after the rows, and sizes them in the file's map first).
    private let longColumns: Set<Int>
    private var references: [String: UnsafeMutablePointer<readstat_string_ref_t>] = [:]
    /// The texts referenced so far: every reference must be written once, or the file would point nowhere.
    private var referenced: Set<String> = []
    /// The error of the output, kept while ReadStat unwinds from the callback that met it.
    private var outputError: RegimenError?

    /// Declares `table`'s variables (text variables `widths` bytes wide; in Stata, those wider than `str2045` as
    /// `strL`, whose every text, `longTexts`, is known before the file starts) and starts a file of `rows` rows named
    /// `file` (for messages), stamped with when it was `written`; nil stamps 1970-01-01 00:00 (a de-identified export
    /// names no real date, and ReadStat would otherwise stamp the current time).
    init(
        _ kind: StatisticalFileKind, file: String, table: AnalysisTable, widths: [Int], rows: Int,
        longTexts: Set<String> = [], written: Date?, output: TableOutput
    ) throws(RegimenError) {
        guard let writer = readstat_writer_init() else {
            throw .reported(
                AnalysisExportError.readStat(file: file, operation: "start a writer", code: 3, message: "out of memory")
            )
        }
        self.kind = kind
        self.file = file
        self.output = output
        self.writer = writer
        self.variables = table.variables
        self.widths = widths
        self.longColumns = Set(kind.stringReferences(table, widths: widths))
        try check(readstat_set_data_writer(writer, Self.dataWriter), "set the data writer")
        switch kind {
        case .sav: break
        case .dta: try check(readstat_writer_set_file_format_version(writer, 118), "choose Stata format 118")
        case .xpt:
            try check(readstat_writer_set_file_format_version(writer, 8), "choose SAS transport version 8")
            try check(readstat_writer_set_table_name(writer, "OUTCOMES"), "name the member")
        }
        try check(
            readstat_writer_set_file_timestamp(writer, time_t(written?.timeIntervalSince1970 ?? 0)), "stamp the file")
        for (index, variable) in table.variables.enumerated() {
            try declare(variable, width: widths[index], long: longColumns.contains(index))
        }
        for text in longTexts {
            guard let reference = readstat_add_string_ref(writer, text) else {
                throw .reported(
                    AnalysisExportError.readStat(
                        file: file, operation: "keep a strL", code: 3, message: "out of memory"))
            }
            references[text] = reference
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let started =
            switch kind {
            case .sav: readstat_begin_writing_sav(writer, context, rows)
            case .dta: readstat_begin_writing_dta(writer, context, rows)
            case .xpt: readstat_begin_writing_xport(writer, context, rows)
            }
        try check(started, "start the file")
    }

    deinit { readstat_writer_free(writer) }

    private func declare(_ variable: AnalysisVariable, width: Int, long: Bool) throws(RegimenError) {
        let type: readstat_type_t =
            long ? READSTAT_TYPE_STRING_REF : variable.storage == .text ? READSTAT_TYPE_STRING : READSTAT_TYPE_DOUBLE
        guard let handle = readstat_add_variable(writer, variable.name, type, variable.storage == .text ? width : 0)
        else {
            throw .reported(
                AnalysisExportError.readStat(
                    file: file, operation: "add variable \(variable.name)", code: 3, message: "out of memory"))
        }
        readstat_variable_set_label(handle, AnalysisLabels.truncated(variable.label, bytes: kind.variableLabelBytes))
        switch variable.storage {
        case .dateTime: readstat_variable_set_format(handle, kind.dateTimeFormat)
        case .number:
            readstat_variable_set_measure(
                handle, variable.valueLabels.isEmpty ? READSTAT_MEASURE_SCALE : READSTAT_MEASURE_NOMINAL)
        case .text: readstat_variable_set_measure(handle, READSTAT_MEASURE_NOMINAL)
        }
        if !variable.valueLabels.isEmpty, kind.valueLabelBytes > 0,
            let set = readstat_add_label_set(writer, READSTAT_TYPE_DOUBLE, variable.name)
        {
            for label in variable.valueLabels {
                readstat_label_double_value(
                    set, Double(label.value), AnalysisLabels.truncated(label.text, bytes: kind.valueLabelBytes))
            }
            readstat_variable_set_label_set(handle, set)
        }
        handles.append(handle)
    }

    /// Writes one row, cells in variable order.
    func write(_ cells: [AnalysisCell]) throws(RegimenError) {
        try check(readstat_begin_row(writer), "start a row")
        for (index, cell) in cells.enumerated() {
            let handle = handles[index]
            let result: readstat_error_t
            if longColumns.contains(index) {
                let text: String
                switch cell {
                case .text(let value): text = value
                case .missing: text = ""
                case .number, .dateTime: throw .reported(AnalysisExportError.studyChanged(file: file))
                }
                // A text the collecting pass did not see means the study changed between the passes.
                guard let reference = references[text] else {
                    throw .reported(AnalysisExportError.studyChanged(file: file))
                }
                referenced.insert(text)
                try check(
                    readstat_insert_string_ref(writer, handle, reference), "write a value of \(variables[index].name)")
                continue
            }
            switch cell {
            case .missing:
                result =
                    variables[index].storage == .text
                    ? readstat_insert_string_value(writer, handle, "")
                    : readstat_insert_missing_value(writer, handle)
            case .number(let value): result = readstat_insert_double_value(writer, handle, value)
            case .dateTime(let seconds):
                result = readstat_insert_double_value(writer, handle, kind.dateTimeValue(seconds))
            case .text(let text):
                guard text.utf8.count <= widths[index] else {
                    throw .reported(AnalysisExportError.studyChanged(file: file))
                }
                result = readstat_insert_string_value(writer, handle, text)
            }
            try check(result, "write a value of \(variables[index].name)")
        }
        try check(readstat_end_row(writer), "end a row")
    }

    /// Ends the file (ReadStat checks that as many rows came as were announced).
    func end() throws(RegimenError) {
        // A strL text never written (the study changed between the passes) would leave a reference to no row.
        guard referenced.count == references.count else {
            throw .reported(AnalysisExportError.studyChanged(file: file))
        }
        let result = readstat_end_writing(writer)
        if result == READSTAT_ERROR_ROW_COUNT_MISMATCH { throw .reported(AnalysisExportError.studyChanged(file: file)) }
        try check(result, "end the file")
    }

    private func check(_ result: readstat_error_t, _ operation: String) throws(RegimenError) {
        if let outputError {
            self.outputError = nil
            throw outputError
        }
        guard result != READSTAT_OK else { return }
        let message = readstat_error_message(result).map { String(cString: $0) } ?? "error \(result.rawValue)"
        throw .reported(
            AnalysisExportError.readStat(
                file: file, operation: operation, code: Int(result.rawValue), message: message))
    }

    /// ReadStat's output callback: appends the bytes to the output; a failed write is kept and reported by `check`.
    private static let dataWriter: readstat_data_writer = { data, length, context in
        guard let context else { return -1 }
        let writer = Unmanaged<StatisticalFileWriter>.fromOpaque(context).takeUnretainedValue()
        guard length > 0, let data else { return 0 }
        let bytes = UnsafeRawBufferPointer(start: data, count: length)
        do throws(RegimenError) {
            try writer.output.write(bytes: ArraySlice(bytes))
            return length
        } catch {
            writer.outputError = error
            return -1
        }
    }
}
