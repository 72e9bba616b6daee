/* memorder_describe.c - the source of an lvalue for messages
 * ("`*flag`", "`box->ready`"; see memorder.h). */
#include "analysis/memorder.h"

#include <stdio.h>
#include <string.h>

/* C's binding strength of a binary operator, higher binds tighter. */
static int precedence(enum ir_op op)
{
	switch (op) {
	case OP_MUL: case OP_DIV: case OP_REM: return 10;
	case OP_ADD: case OP_SUB: return 9;
	case OP_SHL: case OP_SHR: return 8;
	case OP_LT: case OP_GT: case OP_LE: case OP_GE: return 7;
	case OP_EQ: case OP_NE: return 6;
	case OP_AND: return 5;
	case OP_XOR: return 4;
	case OP_OR: return 3;
	case OP_LAND: return 2;
	case OP_LOR: return 1;
	default: return 0;
	}
}

static void describe(const struct ir_expr *e, char *buf, size_t len, int depth)
{
	size_t n = strlen(buf);
	if (n + 8 >= len || depth > 6) {
		return;
	}
	e = ir_strip(e);
	if (!e) {
		snprintf(buf + n, len - n, "...");
		return;
	}
	switch (e->kind) {
	case EK_VAR:
		snprintf(buf + n, len - n, "%s", e->u.var->name);
		break;
	case EK_CONST:
		if (e->has_value)
			snprintf(buf + n, len - n, "%lld", (long long)e->ival);
		else
			snprintf(buf + n, len - n, "...");
		break;
	case EK_BUILTIN:
		snprintf(buf + n, len - n, "%s.%c",
		         (const char *[]){ "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize" }[e->u.bi.which],
		         e->u.bi.dim ? e->u.bi.dim : 'x');
		break;
	case EK_UNARY:
		if (e->op == OP_DEREF || e->op == OP_ADDR) {
			snprintf(buf + n, len - n, e->op == OP_DEREF ? "*" : "&");
			describe(e->kids[0], buf, len, depth + 1);
		} else {
			snprintf(buf + n, len - n, "...");
		}
		break;
	case EK_INDEX:
		describe(e->kids[0], buf, len, depth + 1);
		n = strlen(buf);
		snprintf(buf + n, len - n, "[");
		describe(e->kids[1], buf, len, depth + 1);
		n = strlen(buf);
		snprintf(buf + n, len - n, "]");
		break;
	case EK_MEMBER:
		if (e->nkids)
			describe(e->kids[0], buf, len, depth + 1);
		n = strlen(buf);
		snprintf(buf + n, len - n, "%s%s", e->nkids ? (e->arrow ? "->" : ".") : "", e->u.name ? e->u.name : "?");
		break;
	case EK_BINARY:
		for (int i = 0; i < 2; i++) {
			/* (tid + 1) % 256: an operand that binds less tightly keeps its parentheses */
			const struct ir_expr *k = ir_strip(e->kids[i]);
			bool paren = k && k->kind == EK_BINARY && (precedence(k->op) < precedence(e->op) ||
			                                          (i == 1 && precedence(k->op) == precedence(e->op)));
			n = strlen(buf);
			if (i)
				snprintf(buf + n, len - n, " %s ", ir_op_name(e->op));
			n = strlen(buf);
			if (paren)
				snprintf(buf + n, len - n, "(");
			describe(e->kids[i], buf, len, depth + 1);
			n = strlen(buf);
			if (paren)
				snprintf(buf + n, len - n, ")");
		}
		break;
	case EK_CALL:
		snprintf(buf + n, len - n, "%s(...)", e->u.call->name);
		break;
	default:
		snprintf(buf + n, len - n, "...");
		break;
	}
}

const char *mo_describe(const struct ir_expr *e, char *buf, unsigned len)
{
	buf[0] = 0;
	e = ir_strip(e);
	if (e && e->kind == EK_UNARY && e->op == OP_ADDR)
		e = e->kids[0];
	describe(e, buf, len, 0);
	return buf;
}
