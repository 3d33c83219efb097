import ArgumentParser

/// `study export --format`: the CSV export alone, or beside it the outcome tables in a statistics package's own
/// file (docs/analysis-exports.md).
enum AnalysisFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// The CSV export alone (the default).
    case csv
    /// SPSS `.sav`.
    case spss
    /// Stata `.dta` (format 118).
    case stata
    /// SAS transport `.xpt`, version 8.
    case sas
    /// A CSV and an `.R` script that reads it with types, factor levels and labels.
    case r

    /// The statistical file kind written by ReadStat, nil for `csv` and `r`.
    var statisticalFile: StatisticalFileKind? {
        switch self {
        case .csv, .r: nil
        case .spss: .sav
        case .stata: .dta
        case .sas: .xpt
        }
    }

    /// The names of the files this format adds to the export, in the order written.
    var addedFiles: [String] {
        switch self {
        case .csv: []
        case .r:
            AnalysisTable.Shape.allCases.flatMap { ["\($0.fileStem).csv", "\($0.fileStem).R"] } + ["variables.csv"]
        case .sas:
            AnalysisTable.Shape.allCases.flatMap { ["\($0.fileStem).xpt", "\($0.fileStem).sas"] } + ["variables.csv"]
        case .spss, .stata:
            AnalysisTable.Shape.allCases.map { "\($0.fileStem).\(statisticalFile?.fileExtension ?? "")" }
                + ["variables.csv"]
        }
    }
}

/// The files ReadStat writes, with each format's limits (docs/analysis-exports.md, "Labels").
enum StatisticalFileKind: Sendable {
    /// SPSS system file.
    case sav
    /// Stata 14+ data file (format 118, UTF-8).
    case dta
    /// SAS transport file, version 8 (names up to 32 characters).
    case xpt

    /// The file name extension.
    var fileExtension: String {
        switch self {
        case .sav: "sav"
        case .dta: "dta"
        case .xpt: "xpt"
        }
    }

    /// The most UTF-8 bytes of a variable label the format keeps.
    var variableLabelBytes: Int {
        switch self {
        case .sav: 255
        case .dta: 80
        case .xpt: 256
        }
    }

    /// The most UTF-8 bytes of a value label the format keeps (XPT has no value labels).
    var valueLabelBytes: Int {
        switch self {
        case .sav: 120
        case .dta: 32_000
        case .xpt: 0
        }
    }

    /// The most UTF-8 bytes of one value of a fixed-width text variable (Stata's `str2045`).
    var textBytes: Int {
        switch self {
        case .sav: 32_767
        case .dta: 2_045
        case .xpt: 200
        }
    }

    /// The most UTF-8 bytes of one text value: a fixed-width text's, or for Stata a `strL`'s (2,000,000,000).
    var longestText: Int {
        switch self {
        case .sav, .xpt: textBytes
        case .dta: 2_000_000_000
        }
    }

    /// The text variables of `table` stored as Stata `strL`s (by position): those whose widest value, `widths`, is
    /// longer than a fixed-width text holds; none in the other formats.
    func stringReferences(_ table: AnalysisTable, widths: [Int]) -> [Int] {
        guard self == .dta else { return [] }
        return table.variables.indices.filter { table.variables[$0].storage == .text && widths[$0] > textBytes }
    }

    /// The display format of a date and time.
    var dateTimeFormat: String {
        switch self {
        case .sav, .xpt: "DATETIME20"
        case .dta: "%tc"
        }
    }

    /// A moment (seconds since 1970-01-01 00:00:00 as the column reads it) as the format counts it: seconds since
    /// 1582-10-14 (SPSS), milliseconds since 1960-01-01 (Stata), seconds since 1960-01-01 (SAS).
    func dateTimeValue(_ secondsSince1970: Double) -> Double {
        switch self {
        case .sav: secondsSince1970 + 12_219_379_200
        case .dta: (secondsSince1970 + 315_619_200) * 1000
        case .xpt: secondsSince1970 + 315_619_200
        }
    }
}
