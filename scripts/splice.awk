# scripts/splice.awk - puts a piece of code into an exercise, in place of
# the lines between its markers
#
#   /* ---- your code: from here ---- */
#   ...the learner's part...
#   /* ---- your code: to here ---- */
#
# The Makefile builds each solution this way (solutions/NN_name.cu holds
# only the finished part), and the tests build the "pasted" programs
# (tests/pasted/NN_name.cu: a chapter's kernel pasted in, which must fail).
#
#   awk -v part=solutions/02_naive.cu -f scripts/splice.awk exercises/02_naive.cu
#
# #line directives keep the compiler's messages pointing at the real files.
/---- your code: from here/ {
    print
    print "#line 1 \"" part "\""
    while ((getline line < part) > 0)
        print line
    close(part)
    inside = 1
    found++
    next
}
/---- your code: to here/ {
    print "#line " FNR " \"" FILENAME "\""
    inside = 0
    print
    next
}
!inside { print }
END {
    if (found != 1) {
        print "splice.awk: " FILENAME " needs exactly one '---- your code: from here' marker" > "/dev/stderr"
        exit 1
    }
}
