/// Variable names valid in SPSS, Stata, SAS transport version 8 and R at once, unique ignoring case, and stable
/// across exports: made from the CSV column in the order the columns are fixed by the published revisions
/// (docs/analysis-exports.md, "Variable names").
struct AnalysisVariableNames {
    /// The most characters of a name (Stata's and SAS transport version 8's limit).
    static let maximumLength = 32

    /// Words no name may be, ignoring case: SPSS's reserved keywords, Stata's reserved names, SAS's automatic
    /// variables and R's reserved words.
    static let reserved: Set<String> = [
        // SPSS
        "all", "and", "by", "eq", "ge", "gt", "le", "lt", "ne", "not", "or", "to", "with",
        // Stata
        "_all", "_b", "byte", "_coef", "_cons", "double", "float", "if", "in", "int", "long", "_n", "_pi", "_pred",
        "_rc", "_skip", "strl", "using",
        // SAS
        "_n_", "_error_", "_numeric_", "_character_", "_infile_", "_iorc_", "_null_", "_data_", "_last_",
        // R
        "else", "repeat", "while", "function", "for", "next", "break", "true", "false", "null", "inf", "nan", "na",
        "na_integer_", "na_real_", "na_character_", "na_complex_",
    ]

    private var taken: Set<String> = []

    /// A new name for `column`, at most `maximumLength - reserving` characters so that a suffix of `reserving`
    /// characters can follow it: lower-case ASCII letters, digits and `_`, starting with a letter, other characters
    /// replaced by `_`, a reserved word or an empty one given a `v_` prefix, and `_2`, `_3`… added when the name is
    /// taken (ignoring case).
    mutating func name(for column: String, reserving: Int = 0) -> String {
        var base = ""
        for scalar in column.lowercased().unicodeScalars {
            let keep = (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9")
            if keep {
                base.unicodeScalars.append(scalar)
            } else if !base.isEmpty, !base.hasSuffix("_") {
                base += "_"
            }
        }
        while base.hasSuffix("_") { base.removeLast() }
        if base.isEmpty || !(base.first?.isLetter ?? false) || Self.reserved.contains(base) || Self.isStataType(base) {
            base = "v_" + base
        }
        let room = Self.maximumLength - reserving
        base = String(base.prefix(room))
        while base.hasSuffix("_") { base.removeLast() }
        var candidate = base
        var number = 2
        while taken.contains(candidate) || Self.reserved.contains(candidate) {
            let suffix = "_\(number)"
            candidate = String(base.prefix(room - suffix.count)) + suffix
            number += 1
        }
        taken.insert(candidate)
        return candidate
    }

    /// Stata's `str1` … `str2045` type names.
    private static func isStataType(_ name: String) -> Bool {
        name.hasPrefix("str") && name.count > 3 && name.dropFirst(3).allSatisfy(\.isNumber)
    }
}
