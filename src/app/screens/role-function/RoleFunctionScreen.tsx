// setting/privilege_account/role_function: a role's menu groups and routes as a tri-state tree (issue 14).
export default function RoleFunctionScreen() {
  // Filled in by the role-function work of issue 14.
  return null;
}
