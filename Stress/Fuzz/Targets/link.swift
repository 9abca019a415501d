/// libFuzzer's entry for the `link` target (see FuzzChecks.link).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.run(.link, data, size)
}
