#if canImport(Glibc)
    import Glibc
#endif

/// The character type readline reads and measures in (docs/text-width.md, "The readline prompt"): UTF-8 while a
/// `ReadlineLineSource` runs.
///
/// A Swift process starts in the C locale (`LC_CTYPE` "C", one byte a character). Before each line readline sets
/// `LC_CTYPE` from `LC_ALL`, `LC_CTYPE` or `LANG`, the first that is set, and when none is, keeps the current one: so
/// without them it would count a multibyte prompt's bytes as columns and move and delete a byte at a time inside
/// `痛み`. Regimen writes UTF-8 whatever the environment says, so readline is given a UTF-8 `LC_CTYPE` (the fixed
/// `C.UTF-8`) before its first call, and the earlier one is restored after. A locale the environment names (`LANG=C`)
/// is readline's to follow. Only `LC_CTYPE` changes: numbers, dates and messages are untouched.
enum ReadlineLocale {
    /// The UTF-8 locales tried in order: glibc's built-in `C.UTF-8` (2.35 and later), its older spelling, and the
    /// usual generated one.
    static let candidates = ["C.UTF-8", "C.utf8", "en_US.UTF-8"]

    /// Sets `LC_CTYPE` to the first of `candidates` the system has and returns the one before, for `restore(_:)`; when
    /// none is installed, nothing changes (readline stays byte-oriented).
    static func useUTF8() -> String? {
        let previous = setlocale(LC_CTYPE, nil).map { String(cString: $0) }
        for name in candidates where setlocale(LC_CTYPE, name) != nil { break }
        return previous
    }

    /// Puts back the `LC_CTYPE` that `useUTF8()` returned.
    static func restore(_ previous: String?) {
        if let previous { _ = setlocale(LC_CTYPE, previous) }
    }

    /// Whether the current `LC_CTYPE` has multibyte characters (what readline asks through `MB_CUR_MAX`).
    static var isMultibyte: Bool { __ctype_get_mb_cur_max() > 1 }
}
