import Testing

@testable import HealthExport

/// Records every token as a line of text, values decoded, so that two readings can be compared.
struct XMLTokenLog: XMLTokenHandler {
    typealias Failure = Never
    var lines: [String] = []
    var text = ""

    mutating func startElement(_ tag: XMLStartTag) {
        var line = "<\(tag.name.string)@\(tag.line)"
        for index in 0..<tag.attributeCount {
            line += " \(tag.attributeName(index).string)=\((try? tag.value(index)) ?? "<invalid>")"
        }
        lines.append(line)
    }

    mutating func endElement(_ name: XMLBytes, openedAtLine: Int) {
        lines.append("</\(name.string)@\(openedAtLine)")
    }

    mutating func comment(_ text: XMLBytes, line: Int) {
        lines.append("<!--\(text.string)-->@\(line)")
    }

    mutating func text(_ text: XMLBytes) {
        self.text += text.string
    }

    /// Tokenizes `bytes` cut into chunks at `cuts`; the log, or the syntax error.
    static func read(_ bytes: [UInt8], cuts: [Int] = [], deliversText: Bool = false) -> Result<
        XMLTokenLog, XMLSyntaxError
    > {
        var tokenizer = XMLTokenizer(deliversText: deliversText)
        var log = XMLTokenLog()
        var start = 0
        do throws(XMLTokenizerFailure<Never>) {
            for cut in cuts + [bytes.count] where cut >= start {
                // Chunks go in as raw buffers, as files and zip members give them.
                var failure: XMLTokenizerFailure<Never>?
                bytes[start..<cut].withUnsafeBytes { raw in
                    do throws(XMLTokenizerFailure<Never>) { try tokenizer.feed(raw, to: &log) } catch {
                        failure = error
                    }
                }
                if let failure { throw failure }
                start = cut
            }
            try tokenizer.finish(handler: &log)
        } catch {
            switch error {
            case .syntax(let syntax): return .failure(syntax)
            }
        }
        return .success(log)
    }

    static func read(_ text: String, deliversText: Bool = false) -> Result<XMLTokenLog, XMLSyntaxError> {
        read(Array(text.utf8), deliversText: deliversText)
    }
}

/// The streaming tokenizer of HealthExport/XML (docs/health-export.md, "Reading an export").
struct XMLTokenizerTests {
    /// A document with every construct the Health export uses: a declaration, a DOCTYPE whose subset holds a comment,
    /// a quoted `>` and an ATTLIST left unclosed, multi-byte names and values, entities and references, CDATA.
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 14 -->
        <!ELEMENT HealthData (ExportDate)>
        <!ATTLIST Record
          type CDATA "a>b"
        <!ATTLIST Workout
          workoutActivityType CDATA #REQUIRED
        >
        ]>
        <HealthData locale="en_US">
         <Record sourceName="Alexandre’s Apple Watch" device="&lt;&lt;HKDevice: 0x1&gt;, name:Apple Watch&gt;" value='a &amp; b'/>
         <Record note="x&#160;y&#8212;z&#x2019;" t="tab\there"   >
          <MetadataEntry key="Größe" value="1 &quot;q&quot; &apos;"/><![CDATA[ <not a tag> ]]>
         </Record>
         <!-- after -->
        </HealthData>

        """

    @Test(
        "Every token comes out with its line, attribute values decoded (entities, references, tabs as spaces), comments inside the DOCTYPE included"
    )
    func tokens() throws {
        let log = try XMLTokenLog.read(Self.document).get()
        #expect(
            log.lines == [
                "<!-- HealthKit Export Version: 14 -->@3",
                "<HealthData@11 locale=en_US",
                "<Record@12 sourceName=Alexandre’s Apple Watch device=<<HKDevice: 0x1>, name:Apple Watch> value=a & b",
                "</Record@12",
                "<Record@13 note=x\u{A0}y—z’ t=tab here",
                "<MetadataEntry@14 key=Größe value=1 \"q\" '",
                "</MetadataEntry@14",
                "</Record@13",
                "<!-- after -->@16",
                "</HealthData@11",
            ])
    }

    @Test(
        "Fed in two chunks cut at every byte offset (inside names, values, references, UTF-8 characters, the DOCTYPE), the tokens are the same"
    )
    func everyCut() throws {
        let bytes = Array(Self.document.utf8)
        let whole = try XMLTokenLog.read(bytes).get().lines
        for cut in 1..<bytes.count {
            #expect(try XMLTokenLog.read(bytes, cuts: [cut]).get().lines == whole, "cut at \(cut)")
        }
        let oneByteAtATime = try XMLTokenLog.read(bytes, cuts: Array(1..<bytes.count)).get().lines
        #expect(oneByteAtATime == whole)
    }

    @Test(
        "A long document read in chunks of many sizes, tokens longer than a chunk's joined start among them, gives the same tokens"
    )
    func longDocument() throws {
        let long = String(repeating: "y", count: 10_000)
        let records = (0..<300).map { index in
            " <Record n=\"\(index)\" device=\"&lt;&lt;HKDevice: 0x\(index)&gt;\" note=\"\(index % 50 == 0 ? long : "é")\"/>\n"
        }
        let text = "<HealthData>\n" + records.joined() + "</HealthData>\n"
        let bytes = Array(text.utf8)
        let whole = try XMLTokenLog.read(bytes).get().lines
        #expect(whole.count == 602)
        for size in [1, 7, 4095, 4096, 4097, 5000, 9999, 65_536] {
            let cuts = Array(stride(from: size, to: bytes.count, by: size))
            #expect(try XMLTokenLog.read(bytes, cuts: cuts).get().lines == whole, "chunks of \(size)")
        }
    }

    @Test("Text is delivered only when asked for, CDATA included")
    func text() throws {
        let log = try XMLTokenLog.read("<a><b>1.5</b><![CDATA[<x>]]></a>", deliversText: true).get()
        #expect(log.text == "1.5<x>")
        #expect(try XMLTokenLog.read("<a>1.5</a>").get().text == "")
    }

    @Test(
        "Cut at every byte offset, a document is an error naming what was left open (never a crash), except where it is complete"
    )
    func truncated() throws {
        let bytes = Array(Self.document.utf8)
        let lastTag = bytes.count - "</HealthData>\n".utf8.count
        for end in 0..<bytes.count {
            let result = XMLTokenLog.read(Array(bytes[0..<end]))
            if end >= lastTag + "</HealthData>".utf8.count {
                #expect((try? result.get()) != nil, "end \(end)")
                continue
            }
            guard case .failure(let error) = result else {
                Issue.record("no error at end \(end)")
                continue
            }
            #expect(error.line >= 1 && error.line <= 17)
            switch error.problem {
            case .unexpectedEnd, .noRootElement: break
            default: Issue.record("end \(end): \(error)")
            }
        }
    }

    @Test("A document that ends inside an element names it and the line it was opened on")
    func endsInsideElement() {
        let text = "<HealthData>\n <Workout a=\"1\">\n  <MetadataEntry key=\"k\" value=\"v\"/>\n"
        guard case .failure(let error) = XMLTokenLog.read(text) else {
            Issue.record("no error")
            return
        }
        #expect(error.problem == .unexpectedEnd(inside: nil, element: "Workout", openedAtLine: 2))
        #expect(error.description == "line 4: the document ends inside <Workout> opened at line 2")
        guard case .failure(let inValue) = XMLTokenLog.read("<HealthData>\n <Workout a=\"1") else {
            Issue.record("no error")
            return
        }
        #expect(inValue.problem == .unexpectedEnd(inside: "an attribute value", element: "HealthData", openedAtLine: 1))
        #expect(inValue.line == 2)
    }

    @Test(
        "Malformed documents are refused with the problem and its line",
        arguments: [
            ("<a>\n<b x=\"&nbsp;\"/></a>", XMLSyntaxError(problem: .unknownEntity("nbsp"), line: 2)),
            ("<a>\n<b x=\"&#xD800;\"/></a>", XMLSyntaxError(problem: .invalidReference("&#xD800;"), line: 2)),
            ("<a>\n<b x=\"a & b\"/></a>", XMLSyntaxError(problem: .invalidReference("&"), line: 2)),
            (
                "<a>\n<b>\n</a>",
                XMLSyntaxError(problem: .mismatchedEndTag(expected: "b", found: "a", openedAtLine: 2), line: 3)
            ),
            ("<a/>\n<b/>", XMLSyntaxError(problem: .secondRootElement("b"), line: 2)),
            ("<a/>\n</a>", XMLSyntaxError(problem: .unexpectedEndTag("a"), line: 2)),
            ("<a x=\"1\" x=\"2\"/>", XMLSyntaxError(problem: .duplicateAttribute("x"), line: 1)),
            (
                "<a x=\"1\"y=\"2\"/>",
                XMLSyntaxError(problem: .unexpectedCharacter(expected: "a space, > or />"), line: 1)
            ),
            (
                "<a x=\"<\"/>",
                XMLSyntaxError(problem: .unexpectedCharacter(expected: "no < in an attribute value"), line: 1)
            ),
            ("hello <a/>", XMLSyntaxError(problem: .textOutsideRoot, line: 1)),
            ("<!-- only a comment -->", XMLSyntaxError(problem: .noRootElement, line: 1)),
            (
                "<a>\n<!FOO></a>",
                XMLSyntaxError(problem: .unexpectedCharacter(expected: "<!--, <![CDATA[ or <!DOCTYPE"), line: 2)
            ),
        ])
    func malformed(text: String, expected: XMLSyntaxError) {
        guard case .failure(let error) = XMLTokenLog.read(text) else {
            Issue.record("accepted: \(text)")
            return
        }
        #expect(error == expected)
    }

    @Test("Invalid UTF-8 in a name or a value is refused with its line")
    func invalidUTF8() {
        let value = Array("<a>\n<b x=\"".utf8) + [0xFF, 0xFE] + Array("\"/></a>".utf8)
        guard case .failure(let error) = XMLTokenLog.read(value) else {
            Issue.record("accepted")
            return
        }
        #expect(error == XMLSyntaxError(problem: .invalidUTF8, line: 2))
        let name = Array("<a><b".utf8) + [0xC3] + Array("/></a>".utf8)
        guard case .failure(let nameError) = XMLTokenLog.read(name) else {
            Issue.record("accepted")
            return
        }
        #expect(nameError.problem == .invalidUTF8)
    }

    @Test("A duplicate attribute is found in a tag with many attributes too (checked by hashing there)")
    func manyAttributes() {
        let names = (0..<5000).map { "a\($0)=\"\"" }
        #expect((try? XMLTokenLog.read("<r " + names.joined(separator: " ") + "/>").get())?.lines.count == 2)
        guard case .failure(let error) = XMLTokenLog.read("<r " + names.joined(separator: " ") + " a17=\"x\"/>") else {
            Issue.record("accepted")
            return
        }
        #expect(error.problem == .duplicateAttribute("a17"))
    }

    @Test("Nesting deeper than the limit is refused cleanly")
    func depth() {
        let deep = String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)
        guard case .failure(let error) = XMLTokenLog.read(deep) else {
            Issue.record("accepted")
            return
        }
        #expect(error.problem == .nestingTooDeep(limit: 256))
        let fine = String(repeating: "<a>", count: 256) + String(repeating: "</a>", count: 256)
        #expect((try? XMLTokenLog.read(fine).get()) != nil)
    }

    @Test("A byte-order mark is skipped; a tag longer than the limit is refused without growing without bound")
    func bomAndLimit() throws {
        let log = try XMLTokenLog.read([0xEF, 0xBB, 0xBF] + Array("<a/>".utf8), cuts: [1, 2]).get()
        #expect(log.lines == ["<a@1", "</a@1"])
        var tokenizer = XMLTokenizer(maximumMarkupLength: 1000)
        var sink = XMLTokenLog()
        let chunk = Array("<a x=\"".utf8) + Array(repeating: UInt8(ascii: "y"), count: 600)
        var failure: XMLSyntaxError?
        do throws(XMLTokenizerFailure<Never>) {
            try tokenizer.feed(chunk, to: &sink)
            try tokenizer.feed(Array(repeating: UInt8(ascii: "y"), count: 600), to: &sink)
        } catch {
            if case .syntax(let error) = error { failure = error }
        }
        #expect(failure?.problem == .markupTooLong(limit: 1000))
    }
}
