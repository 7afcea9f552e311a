/** Per-page display rules: some pages go without the menu and partners, one without any telephone number. */
const WITHOUT_MENU_AND_PARTNERS = ['/education/course', '/education/list', '/education/detail'];
const WITHOUT_TELEPHONE = ['/exchange/study'];

const under = (pathname: string, prefixes: string[]) =>
  prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

export const pageRules = (pathname: string) => ({
  showMenu: !under(pathname, WITHOUT_MENU_AND_PARTNERS),
  showPartners: !under(pathname, WITHOUT_MENU_AND_PARTNERS),
  showTelephone: !under(pathname, WITHOUT_TELEPHONE),
});
