/// libFuzzer's entry for the `navigate` target (see FuzzChecks.navigate).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.run(.navigate, data, size)
}
