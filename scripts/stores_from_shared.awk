# scripts/stores_from_shared.awk - does every global store of a kernel store
# data that came from shared memory? Reads `cuobjdump -sass` output:
#
#   cuobjdump -sass kernels.o | awk -v kernel=NAME -v file=kernels.o -f scripts/stores_from_shared.awk
#
# (scripts/stores_from_shared.sh runs it so.) SASS is the GPU's machine code,
# one instruction a line: `@!P0 STG.E desc[UR6][R2.64], R9 ;` stores register
# R9 to global memory, `LDS R9, [R8] ;` loads R9 from shared memory. A kernel
# that stages its tile in shared memory stores only values it read back from
# the tile, so the register of each global store was last written, reading
# the function top to bottom, by an LDS. A value that went from a global
# load (LDG) straight to the store never passed through the tile.
#
# The rules, for every copy of the kernel (one per architecture; all must pass):
# - A global store is STG (any suffix) or ST, the generic store, which may
#   write global memory too. STS (shared) and STL (local) are not.
# - Its data: R9 for 32 bits or less, R6 and R7 for `.64`, R4 to R7 for
#   `.128`. RZ (a constant zero) or a uniform register never passes.
# - Each register remembers the instruction that last wrote it. The plain
#   moves MOV Rd, Rs, MOV.64 and IMAD.MOV Rd, RZ, RZ, Rs pass on what Rs
#   remembers, so a value moved after its LDS still counts as from the tile.
# - Loads write the registers before their address. Other instructions
#   write their first operand, or the second when the first is a predicate
#   (SHFL.IDX PT, R5, ...); ISETP P0, PT, R5 writes none. `.64` and `.WIDE`
#   write a pair, `.128` four registers, 64-bit arithmetic (DFMA, CS2R,
#   F2I.U64, ...) a pair.
# - Not followed: a value spilled to local memory (STL, then LDL) counts as
#   from the LDL, so a kernel that spills its tile values fails.
# Prints nothing and exits 0 when every store passes; otherwise one line for
# the learner, exit status 1.

# _Z21transpose_shared_tilePKfPfii -> transpose_shared_tile (the length
# comes first, so transpose_shared_tile64 is another name); _ZN2ns6kernelEv
# -> kernel; an extern "C" name stays as it is.
function plain_name(m,    len, name) {
    if (m ~ /^_ZN/) {
        m = substr(m, 4)
        while (match(m, /^[0-9]+/)) {
            len = substr(m, 1, RLENGTH) + 0
            name = substr(m, RLENGTH + 1, len)
            m = substr(m, RLENGTH + 1 + len)
        }
        return name
    }
    if (match(m, /^_Z[0-9]+/)) {
        len = substr(m, 3, RLENGTH - 2) + 0
        return substr(m, RLENGTH + 1, len)
    }
    return m
}

# R9 or R9.reuse -> 9; RZ, UR4, -R9, |R9|, 0x4, [R2] -> -1
function reg(operand) {
    sub(/\.reuse$/, "", operand)
    return operand ~ /^R[0-9]+$/ ? substr(operand, 2) + 0 : -1
}

# How many 32-bit registers an instruction moves (a load writes, a store reads).
function width(op,    t, n, i) {
    n = split(op, t, ".")
    if (t[1] == "LDSM") return t[n] + 0                       # LDSM.16.M88.4: 4
    for (i = 2; i <= n; i++) {
        if (t[i] == "256") return 8
        if (t[i] == "128") return 4
        if (t[i] == "64" || t[i] == "WIDE") return 2
    }
    if (t[1] ~ /^(DADD|DMUL|DFMA|DMNMX|CS2R)$/) return 2
    if (t[1] ~ /^(F2F|I2F|F2I|I2I)$/ && t[2] ~ /^[FSU]64$/) return 2   # a 64-bit result
    return 1
}

# `op` at address `at` wrote `count` registers from R<rd> on.
function wrote(rd, count, op, at,    i) {
    for (i = 0; i < count; i++) {
        writer[rd + i] = op " at " at
        from_lds[rd + i] = (op ~ /^LDS(M)?(\.|$)/)
    }
}

# Where the value in a data operand came from, for the message.
function origin(operand,    r) {
    r = reg(operand)
    if (operand == "RZ") return "RZ is a constant zero"
    if (r < 0) return operand " is not a register loaded from shared memory"
    if (!(r in writer)) return operand " is written by no instruction above the store"
    return operand " from " writer[r]
}

# A store: do all its data registers hold values from an LDS?
function check_store(o, n, w, shown, at,    i, k, j, r, data, why) {
    stores++
    for (i = 1; i <= n && o[i] !~ /\[/; i++)
        ;                                          # i: the address
    data = n - i                                   # operands after it (2 for a .256 pair)
    why = data > 0 ? "" : "it stores no register"
    for (k = i + 1; k <= n && why == ""; k++) {
        r = reg(o[k])
        if (r < 0)
            why = origin(o[k])
        for (j = 0; r >= 0 && j < w / data && why == ""; j++)
            if (!((r + j) in from_lds) || !from_lds[r + j])
                why = origin("R" (r + j))
    }
    if (why != "") {
        bad++
        if (first_bad == "") first_bad = shown " at " at ", " why
    }
}

function instruction(text, at,    shown, op, base, n, o, i, w, k, rd, rs) {
    sub(/ *;.*/, "", text)
    sub(/^ +/, "", text)
    shown = text
    sub(/^@!?U?P[0-6T] +/, "", text)             # a guarded write still counts as the last one
    op = text; sub(/ .*/, "", op)
    base = op; sub(/\..*/, "", base)
    n = split(substr(text, length(op) + 1), o, ",")
    for (i = 1; i <= n; i++) gsub(/^ +| +$/, "", o[i])
    w = width(op)

    if (base == "STG" || base == "ST") {
        check_store(o, n, w, shown, at)
        return
    }
    if ((op == "MOV" || op == "MOV.64") && reg(o[1]) >= 0 && (reg(o[2]) >= 0 || o[2] == "RZ") ||
        op ~ /^IMAD\.MOV(\.U32)?$/ && o[2] == "RZ" && o[3] == "RZ" && (reg(o[4]) >= 0 || o[4] == "RZ")) {
        rd = reg(o[1]); rs = reg(base == "IMAD" ? o[4] : o[2])
        for (i = 0; i < w; i++)
            if (rs >= 0 && (rs + i) in writer) {
                writer[rd + i] = writer[rs + i]; from_lds[rd + i] = from_lds[rs + i]
            } else
                wrote(rd + i, 1, op, at)           # a copy of RZ, or of a register never written
        return
    }
    if (base ~ /^LD/) {
        k = 0
        for (i = 1; i <= n && o[i] !~ /\[/; i++) if (reg(o[i]) >= 0) k++
        for (i = 1; i <= n && o[i] !~ /\[/; i++) if (reg(o[i]) >= 0) wrote(reg(o[i]), w / k, op, at)
        return
    }
    i = o[1] ~ /^!?P[0-6T]$/ ? 2 : 1
    if (reg(o[i]) >= 0) wrote(reg(o[i]), w, op, at)
}

function start_copy() {
    delete writer; delete from_lds
    stores = 0; bad = 0; first_bad = ""
    copies++
}

function end_copy() {
    if (!in_kernel) return
    in_kernel = 0
    if (stores == 0 && no_store_arch == "") no_store_arch = arch
    if (bad > 0 && verdict == "")
        verdict = sprintf("%s stores values to global memory that did not come from shared memory " \
                          "(%d of %d global stores in its %s code; first: %s): the tile must carry " \
                          "the data from the loads to the stores", kernel, bad, stores, arch, first_bad)
}

/^[ \t]*code for sm_/ { end_copy(); arch = $3; saw_sass = 1; next }
/Function : /         { end_copy(); if (plain_name($3) == kernel) { in_kernel = 1; start_copy() }; next }
in_kernel && match($0, /\/\*[0-9a-f]+\*\/ +[@A-Z]/) {      # /*0150*/   @!P0 STG.E ...
    at = substr($0, RSTART, index(substr($0, RSTART + 2), "*/") + 3)
    instruction(substr($0, RSTART + length(at)), at)
}

END {
    end_copy()
    if (!saw_sass) {
        printf "%s holds no GPU machine code (SASS), only PTX or nothing: build it for a real GPU (sm_75 or newer)\n", file
        exit 1
    }
    if (copies == 0) {
        printf "%s has no kernel named %s\n", file, kernel
        exit 1
    }
    if (no_store_arch != "") {
        printf "%s has no global store in its %s code: a transpose must write its output to global memory\n", kernel, no_store_arch
        exit 1
    }
    if (verdict != "") {
        print verdict
        exit 1
    }
}
