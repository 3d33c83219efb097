import Foundation
import Testing

/// scripts/callgrind-functions.py, which turns callgrind profiles into the symbol order scripts/install links
/// `regimen` in (docs/performance.md, "Code layout (the installed build)"): which names it lists, in which order, and
/// which repeated names it leaves out given lld's link map. The profiles and the map are written here in the tools'
/// formats.
@Suite struct CodeOrderScriptTests {
    private static var script: URL {
        RegimenProcess.packageRoot.appendingPathComponent("scripts/callgrind-functions.py")
    }

    /// A profile of `regimen` with name compression: libc's functions, unnamed addresses, the C start-up and
    /// recursion levels are not listed; a name first given in a call line (`cob=`/`cfn=`) is found again by its id.
    private static let firstProfile = """
        version: 1
        creator: callgrind-3.19.0
        cmd: /tmp/bin/regimen today
        events: Ir

        ob=(1) /usr/lib/x86_64-linux-gnu/libc.so.6
        fn=(1) malloc
        0 5
        cob=(2) /tmp/bin/regimen
        cfn=(2) $s7regimen4mainyyF
        calls=1 0
        0 10

        ob=(2)
        fn=(2)
        0 7
        cfn=(3) helper
        calls=1 0
        0 3

        fn=(3)
        0 3
        fn=(4) 0x0000000000401000
        0 1
        fn=(5) (below main)
        0 1
        fn=(6) recursive'2
        0 1
        ob=(1)
        fn=(7) free
        0 1
        """

    /// A second profile with its own ids: `helper` again and new functions, not in the order of their names. A call into
    /// libc (`cob=`) does not change the object of the `fn=` after it, and file ids (`fl=`, `fi=`, `fe=`) are a table
    /// of their own: `fl=(2)` is not the function `(2)`.
    private static let secondProfile = """
        version: 1
        cmd: /tmp/bin/regimen ingest
        events: Ir

        ob=(1) /tmp/bin/regimen
        fl=(1) ???
        fn=(1) third
        0 4
        cob=(2) /usr/lib/x86_64-linux-gnu/libc.so.6
        cfn=(2) memcpy
        calls=1 0
        0 1
        fl=(2) /src/other.swift
        fn=(3) second
        0 1
        fi=(1)
        0 1
        fe=(2)
        fn=(4) helper
        0 2
        """

    @Test("every function of the executable, once, with those of the first profile naming it, sorted by name there")
    func listsFunctionsByFirstProfileSortedByName() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let first = try folder.write("first.callgrind", Self.firstProfile)
        let second = try folder.write("second.callgrind", Self.secondProfile)
        let run = try folder.run(["regimen", first.path, second.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "$s7regimen4mainyyF\nhelper\nrecursive\nsecond\nthird\n")
    }

    @Test("a profile that names no function of the executable fails, naming the profile")
    func profileWithoutTheExecutableFails() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let first = try folder.write("first.callgrind", Self.firstProfile)
        let run = try folder.run(["hello", first.path])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "\(first.path): no function of hello in this profile\n")
    }

    /// With lld's map, a repeated name is left out only when one of its copies sits in a section of more than a page
    /// that nothing else listed needs (`inBig`); copies in small sections (`inSmall`), or in a large section that a
    /// listed function needs anyway (`inNeeded`), keep it listed. Names the map does not have, and names defined once
    /// even in a large section (`onlyInLarge`), are listed. Symbols outside `.text` do not count.
    @Test("repeated names that would bring a large unneeded section along are left out, given the link map")
    func linkMapLeavesOutCostlyRepeatedNames() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let profile = try folder.write(
            "profile.callgrind",
            """
            version: 1
            events: Ir
            ob=(1) /tmp/bin/regimen
            fn=(1) inBig
            0 1
            fn=(2) inSmall
            0 1
            fn=(3) unique
            0 1
            fn=(4) inNeeded
            0 1
            fn=(5) notInMap
            0 1
            fn=(6) onlyInLarge
            0 1
            fn=(7) _ZL12isAcceptablePvPKcS1_PK9UDataInfo
            0 1
            """)
        let map = try folder.write(
            "regimen.map",
            [
                "             VMA              LMA     Size Align Out     In      Symbol",
                output(".text", at: 0x1000, size: 0x50000),
                input("/lib/libbig.a(Big.o):(.text)", at: 0x1000, size: 0x20000),
                symbol("inBig", at: 0x1000),
                symbol("neverRan", at: 0x1010),
                input("/build/A.swift.o:(.text.inBig)", at: 0x21000, size: 0x40),
                symbol("inBig", at: 0x21000),
                input("/build/A.swift.o:(.text.inSmall)", at: 0x21040, size: 0x40),
                symbol("inSmall", at: 0x21040),
                input("/build/B.swift.o:(.text.inSmall)", at: 0x21080, size: 0x40),
                symbol("inSmall", at: 0x21080),
                input("/lib/libhot.a(Hot.o):(.text)", at: 0x210c0, size: 0x20000),
                symbol("unique", at: 0x210c0),
                symbol("inNeeded", at: 0x210d0),
                input("/build/C.swift.o:(.text.inNeeded)", at: 0x410c0, size: 0x40),
                symbol("inNeeded", at: 0x410c0),
                input("/lib/libcold.a(Cold.o):(.text)", at: 0x41100, size: 0x8000),
                symbol("onlyInLarge", at: 0x41100),
                // A C++ name, as lld writes it with --no-demangle: one copy in a small section, one in a large cold
                // one.
                input("/build/E.cpp.o:(.text._ZL12isAcceptablePvPKcS1_PK9UDataInfo)", at: 0x49100, size: 0x40),
                symbol("_ZL12isAcceptablePvPKcS1_PK9UDataInfo", at: 0x49100),
                input("/lib/libicu.a(udata.o):(.text)", at: 0x49140, size: 0x3000),
                symbol("_ZL12isAcceptablePvPKcS1_PK9UDataInfo", at: 0x49140),
                output(".rodata", at: 0x60000, size: 0x100),
                input("/build/D.swift.o:(.rodata)", at: 0x60000, size: 0x100),
                symbol("unique", at: 0x60000),
            ].joined(separator: "\n") + "\n")
        let run = try folder.run(["--map", map.path, "regimen", profile.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "inNeeded\ninSmall\nnotInMap\nonlyInLarge\nunique\n")
        let withoutMap = try folder.run(["regimen", profile.path])
        #expect(
            withoutMap.stdout
                == "_ZL12isAcceptablePvPKcS1_PK9UDataInfo\ninBig\ninNeeded\ninSmall\nnotInMap\nonlyInLarge\nunique\n")
    }

    // lld's map lines: VMA and LMA (16 wide), size (8) and alignment (5), right-aligned in hexadecimal but for the
    // alignment, then the name after 1 space (output section), 9 (input section) or 17 (symbol).
    private func output(_ name: String, at address: Int, size: Int) -> String {
        line(address, size, 16, indent: 1, name)
    }
    private func input(_ name: String, at address: Int, size: Int) -> String {
        line(address, size, 16, indent: 9, name)
    }
    private func symbol(_ name: String, at address: Int) -> String { line(address, 0, 1, indent: 17, name) }
    private func line(_ address: Int, _ size: Int, _ alignment: Int, indent: Int, _ name: String) -> String {
        func right(_ text: String, _ width: Int) -> String { String(repeating: " ", count: width - text.count) + text }
        let hex = String(address, radix: 16)
        return [right(hex, 16), right(hex, 16), right(String(size, radix: 16), 8), right(String(alignment), 5)]
            .joined(separator: " ") + String(repeating: " ", count: indent) + name
    }

    /// The test's files, in a `RegimenProcess` sandbox, and the script run on them there.
    private struct Folder {
        let runner: RegimenProcess

        init() throws { runner = try RegimenProcess() }

        func write(_ name: String, _ text: String) throws -> URL {
            let file = runner.sandbox.appendingPathComponent(name)
            try text.write(to: file, atomically: true, encoding: .utf8)
            return file
        }

        func run(_ arguments: [String]) throws -> RegimenProcess.Outcome {
            try runner.run([CodeOrderScriptTests.script.path] + arguments, program: try #require(RegimenProcess.python))
        }

        func remove() { runner.cleanUp() }
    }
}
