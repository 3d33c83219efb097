/// Splits an expression into tokens (FHIRPath N1 §8, "Lexical Elements"): names, delimited names, strings, numbers,
/// `@` date and time literals, `%` variables, `$` specials and symbols; whitespace and `//` and `/* */` comments are
/// skipped. Works on Unicode scalars so columns count what an editor shows for most text.
struct FHIRPathLexer {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var line = 1
    private var lineStart = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// All tokens, ending with `.end`.
    static func tokens(of text: String) throws(FHIRPathSyntaxError) -> [FHIRPathToken] {
        var lexer = FHIRPathLexer(text)
        var tokens: [FHIRPathToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private var column: Int { position - lineStart + 1 }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    private func error(_ problem: FHIRPathSyntaxError.Problem, column: Int? = nil) -> FHIRPathSyntaxError {
        FHIRPathSyntaxError(problem, line: line, column: column ?? self.column)
    }

    private mutating func advance() {
        if scalars[position] == "\n" {
            line += 1
            lineStart = position + 1
        }
        position += 1
    }

    private mutating func skipSpaceAndComments() throws(FHIRPathSyntaxError) {
        while let scalar = peek() {
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                advance()
            } else if scalar == "/", peek(1) == "/" {
                while let next = peek(), next != "\n" { advance() }
            } else if scalar == "/", peek(1) == "*" {
                let start = column
                advance()
                advance()
                while !(peek() == "*" && peek(1) == "/") {
                    guard peek() != nil else { throw error(.unterminated("comment"), column: start) }
                    advance()
                }
                advance()
                advance()
            } else {
                return
            }
        }
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isNamePart(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || isDigit(scalar)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private mutating func next() throws(FHIRPathSyntaxError) -> FHIRPathToken {
        try skipSpaceAndComments()
        let startLine = line
        let startColumn = column
        func token(_ kind: FHIRPathToken.Kind) -> FHIRPathToken {
            FHIRPathToken(kind: kind, line: startLine, column: startColumn)
        }
        guard let scalar = peek() else { return token(.end) }
        if Self.isNameStart(scalar) { return token(.identifier(name())) }
        if Self.isDigit(scalar) { return token(.number(number())) }
        switch scalar {
        case "'": return token(.string(try quoted(by: "'", what: "string")))
        case "`": return token(.delimitedIdentifier(try quoted(by: "`", what: "delimited identifier")))
        case "@":
            advance()
            return token(.dateTime(dateTimeText()))
        case "%":
            advance()
            if peek() == "`" { return token(.variable(try quoted(by: "`", what: "delimited identifier"))) }
            if peek() == "'" { return token(.variable(try quoted(by: "'", what: "string"))) }
            guard let first = peek(), Self.isNameStart(first) else {
                throw error(.unexpected(found: peek().map { "'\($0)'" } ?? "the end", expected: "a variable name"))
            }
            return token(.variable(name()))
        case "$":
            advance()
            guard let first = peek(), Self.isNameStart(first) else {
                throw error(.unexpectedCharacter("$"), column: startColumn)
            }
            let special = name()
            guard ["this", "index", "total"].contains(special) else {
                throw error(
                    .unexpected(found: "'$\(special)'", expected: "$this, $index or $total"), column: startColumn)
            }
            return token(.special(special))
        case "!", "<", ">":
            advance()
            if peek() == "=" || (scalar == "!" && peek() == "~") {
                let second = scalars[position]
                advance()
                return token(.symbol(String(scalar) + String(second)))
            }
            guard scalar != "!" else { throw error(.unexpectedCharacter("!"), column: startColumn) }
            return token(.symbol(String(scalar)))
        case ".", ",", "(", ")", "[", "]", "{", "}", "+", "-", "*", "/", "&", "|", "=", "~":
            advance()
            return token(.symbol(String(scalar)))
        default:
            throw error(.unexpectedCharacter(String(scalar)))
        }
    }

    private mutating func name() -> String {
        var text = ""
        while let scalar = peek(), Self.isNamePart(scalar) {
            text.unicodeScalars.append(scalar)
            advance()
        }
        return text
    }

    private mutating func number() -> String {
        var text = ""
        while let scalar = peek(), Self.isDigit(scalar) {
            text.unicodeScalars.append(scalar)
            advance()
        }
        // A decimal point only when a digit follows: `3.toString()` is a call on 3.
        if peek() == ".", let after = peek(1), Self.isDigit(after) {
            text += "."
            advance()
            while let scalar = peek(), Self.isDigit(scalar) {
                text.unicodeScalars.append(scalar)
                advance()
            }
        }
        return text
    }

    /// The text of a date, date-time or time literal after `@`: the characters its grammar allows (N1 §4.1.5–4.1.7),
    /// with a time-zone sign taken only after a time of day. The parser checks the shape.
    private mutating func dateTimeText() -> String {
        var text = ""
        var sawTime = false
        while let scalar = peek() {
            let allowed: Bool
            switch scalar {
            case "0"..."9", ":", "T", "Z": allowed = true
            case "-", "+":
                // In a date, `-` separates its parts; after a time of day, a sign starts an offset `±hh:mm`.
                allowed =
                    (!sawTime && scalar == "-")
                    || (sawTime && !text.hasSuffix("T") && peek(1).map(Self.isDigit) == true
                        && peek(2).map(Self.isDigit) == true && peek(3) == ":")
            case ".": allowed = sawTime && peek(1).map(Self.isDigit) == true
            default: allowed = false
            }
            guard allowed else { break }
            if scalar == "T" { sawTime = true }
            text.unicodeScalars.append(scalar)
            advance()
        }
        return text
    }

    private mutating func quoted(by quote: Unicode.Scalar, what: String) throws(FHIRPathSyntaxError) -> String {
        let start = column
        advance()
        var text = ""
        while true {
            guard let scalar = peek() else { throw error(.unterminated(what), column: start) }
            advance()
            if scalar == quote { return text }
            guard scalar == "\\" else {
                text.unicodeScalars.append(scalar)
                continue
            }
            let escapeColumn = column - 1
            guard let escaped = peek() else { throw error(.unterminated(what), column: start) }
            advance()
            switch escaped {
            case "'", "\"", "`", "\\", "/": text.unicodeScalars.append(escaped)
            case "f": text += "\u{0C}"
            case "n": text += "\n"
            case "r": text += "\r"
            case "t": text += "\t"
            case "u":
                var value: UInt32 = 0
                for _ in 0..<4 {
                    guard let digit = peek(), let hex = hexValue(digit) else {
                        throw error(.invalidEscape, column: escapeColumn)
                    }
                    value = value * 16 + hex
                    advance()
                }
                guard let decoded = Unicode.Scalar(value) else { throw error(.invalidEscape, column: escapeColumn) }
                text.unicodeScalars.append(decoded)
            default: throw error(.invalidEscape, column: escapeColumn)
            }
        }
    }

    private func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 48
        case "a"..."f": scalar.value - 87
        case "A"..."F": scalar.value - 55
        default: nil
        }
    }
}
