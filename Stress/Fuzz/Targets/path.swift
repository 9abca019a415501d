/// libFuzzer's entry for the `path` target (see FuzzChecks.path).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.run(.path, data, size)
}
