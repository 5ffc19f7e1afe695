import Foundation

#if FUZZING
    /// The target libFuzzer drives, named by `COMPANION_FUZZ_TARGET` (see `make fuzz`).
    private let selectedTarget: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["COMPANION_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("companion-fuzz: set COMPANION_FUZZ_TARGET to one of \(names)\n".utf8))
            exit(2)
        }
        return target
    }()

    /// libFuzzer's entry point: one input, which must not crash.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
        guard let bytes else {
            selectedTarget.run(Data())
            return 0
        }
        selectedTarget.run(Data(bytes: bytes, count: count))
        return 0
    }

    /// libFuzzer's driver (in libclang_rt.fuzzer), which its own `main` would call.
    @_silgen_name("LLVMFuzzerRunDriver")
    private func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// The program's entry: SwiftPM links an executable's `main` to this name, so libFuzzer's own
    /// `main` is not used and the driver is started here instead.
    @_cdecl("companion_fuzz_main")
    public func fuzzMain(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    ) -> CInt {
        var count = argc
        var arguments = argv
        return runFuzzerDriver(&count, &arguments, fuzzOneInput)
    }
#else
    /// `companion-fuzz TARGET FILE…`: runs each file through a fuzz target, as the regression tests do.
    @main
    enum FuzzReplay {
        static func main() {
            let arguments = CommandLine.arguments.dropFirst()
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
                let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
                FileHandle.standardError.write(Data("usage: companion-fuzz \(names) FILE…\n".utf8))
                exit(2)
            }
            for path in arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else {
                    FileHandle.standardError.write(Data("companion-fuzz: \(path): cannot read\n".utf8))
                    exit(2)
                }
                target.run(data)
                print("\(target.rawValue): \(path): ok")
            }
        }
    }
#endif
